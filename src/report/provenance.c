/* provenance: the command line, date and library versions stamped on every report. */
#include "report/provenance.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>
#include <libxml/parser.h>

#include "search/ilp.h"

#ifdef __GLIBC__
#include <gnu/libc-version.h>
#endif

#define PROV_EPOCH_MAX INT64_C(253402300799)   /* 9999-12-31T23:59:59Z */

size_t provenance_shell_quote(const char *word, char *buf, size_t size)
{
    static const char safe[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                               "0123456789_-+=./:,@%";
    bool plain = word[0] && strspn(word, safe) == strlen(word);
    size_t n = 0;
#define PUT(ch) do { if (n + 1 < size) buf[n] = (ch); n++; } while (0)
    if (!plain)
        PUT('\'');
    for (const char *s = word; *s; s++) {
        if (*s == '\'' && !plain) {
            PUT('\'');
            PUT('\\');
            PUT('\'');
        }
        PUT(*s);
    }
    if (!plain)
        PUT('\'');
#undef PUT
    if (size)
        buf[n < size ? n : size - 1] = '\0';
    return n;
}

static char *join_argv(int argc, char *const *argv)
{
    size_t len = 1;
    for (int i = 0; i < argc; i++)
        len += provenance_shell_quote(argv[i], NULL, 0) + 1;
    char *s = malloc(len), *at = s;
    if (!s)
        return NULL;
    *s = '\0';
    for (int i = 0; i < argc; i++) {
        if (i)
            *at++ = ' ';
        at += provenance_shell_quote(argv[i], at, len - (size_t)(at - s));
    }
    return s;
}

/* Plain decimal seconds, as the reproducible-builds specification of SOURCE_DATE_EPOCH says. */
static bool parse_epoch(const char *s, int64_t *out)
{
    if (!s[0] || strspn(s, "0123456789") != strlen(s) || strlen(s) > 12)
        return false;
    errno = 0;
    long long v = strtoll(s, NULL, 10);
    if (errno || v > PROV_EPOCH_MAX)
        return false;
    *out = v;
    return true;
}

static void dotted_libxml2(char *buf, size_t size)
{
    /* xmlParserVersion is the run-time library's version as digits: "20914" for 2.9.14 */
    long v = strtol(xmlParserVersion, NULL, 10);
    int x = v < 0 || v > 999999 ? 0 : (int)v;
    snprintf(buf, size, "%d.%d.%d", x / 10000 % 100, x / 100 % 100, x % 100);
}

int provenance_init(rt_provenance *p, const char *tool, const char *version, int argc,
                    char *const *argv, const char *source_date_epoch)
{
    memset(p, 0, sizeof *p);
    p->tool = tool;
    p->version = version;
    if (source_date_epoch) {
        if (!parse_epoch(source_date_epoch, &p->epoch_s))
            return PROV_EDATE;
        p->from_source_date_epoch = true;
    } else {
        p->epoch_s = (int64_t)time(NULL);
    }
    time_t t = (time_t)p->epoch_s;
    struct tm tm;
    if (!gmtime_r(&t, &tm) || !strftime(p->date, sizeof p->date, "%Y-%m-%dT%H:%M:%SZ", &tm))
        snprintf(p->date, sizeof p->date, "@%" PRId64, p->epoch_s);
    dotted_libxml2(p->libxml2, sizeof p->libxml2);
    snprintf(p->glpk, sizeof p->glpk, "%s", ilp_solver_version());
    snprintf(p->jansson, sizeof p->jansson, "%s", jansson_version_str());
#ifdef __GLIBC__
    snprintf(p->libc, sizeof p->libc, "glibc %s", gnu_get_libc_version());
#else
    snprintf(p->libc, sizeof p->libc, "unknown");
#endif
    if (!(p->command_line = join_argv(argc, argv)))
        return PROV_ENOMEM;
    return PROV_OK;
}

void provenance_fini(rt_provenance *p)
{
    free(p->command_line);
    p->command_line = NULL;
}
