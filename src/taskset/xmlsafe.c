/* xmlsafe: read an untrusted XML input safely, parse it from memory, validate it against an
 * embedded schema, and read its attributes with located diagnostics.
 *
 * Defences, in order: the file is read here (never by libxml2, which would follow URLs and
 * gunzip), only if it is a regular file of at most 16 MiB; gzip, UTF-16, empty files and NUL
 * bytes are rejected on the bytes; the parser runs on memory with XML_PARSE_NONET and
 * XML_PARSE_BIG_LINES only, so entities are never substituted, no DTD is loaded and libxml2's
 * default limits (nesting depth 256, text sizes) apply; a DOCTYPE stops the parser as soon as
 * it is seen (SAX internalSubset hook), before any internal subset is read; XInclude elements
 * and entity references are rejected on the tree. libxml2 never prints: its messages are
 * turned into located diagnostics. */
#include "taskset/xmlsafe.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libxml/SAX2.h>
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlschemas.h>
#include <libxml/xmlversion.h>

#include "schemas.h"
#include "taskset/units.h"
#include "util/sha256.h"
#include "util/textesc.h"

/* libxml2 2.12 made the structured error handler take a const xmlError *. */
#if LIBXML_VERSION >= 21200
typedef const xmlError xmlsafe_xml_error;
#else
typedef xmlError xmlsafe_xml_error;
#endif

/* Each kind of file: its root element and embedded schema. */
static const struct { const char *root, *schema; size_t size; } kinds[] = {
    [XMLSAFE_TASKSET] = { "taskset", rt_schema_taskset, sizeof rt_schema_taskset },
    [XMLSAFE_GPU] = { "gpu", rt_schema_gpu, sizeof rt_schema_gpu },
    [XMLSAFE_EXPLORE] = { "explore", rt_schema_explore, sizeof rt_schema_explore },
};

/* State shared by the error handlers during one load. */
typedef struct load_state {
    const char *path;
    rt_diags *d;
    int errors;       /* errors seen in the current phase */
    int keep_all;     /* 0 while parsing: only the first parser error is meaningful */
} load_state;

/* ---- messages ------------------------------------------------------------------------- */

const char *xmlsafe_hint(const rt_suggest *sg, char *buf, size_t size)
{
    const char *best = rt_suggest_best(sg);
    char q[100];
    if (best)
        snprintf(buf, size, " (did you mean \"%s\"?)", xmlsafe_quote(best, q, sizeof q));
    else
        buf[0] = '\0';
    return buf;
}

const char *xmlsafe_quote(const char *s, char *buf, size_t size)
{
    return rt_esc(s, "\"\\", buf, size);
}

/* A libxml2 message made printable: one line, no trailing newline, control chars escaped. */
static void clean_message(const char *msg, char *buf, size_t size)
{
    char tmp[512];
    size_t n = msg ? strlen(msg) : 0;
    if (n >= sizeof tmp)
        n = sizeof tmp - 1;
    if (msg)
        memcpy(tmp, msg, n);
    while (n > 0 && (tmp[n - 1] == '\n' || tmp[n - 1] == ' ' || tmp[n - 1] == '\r'))
        n--;
    tmp[n] = '\0';
    for (char *p = tmp; *p; p++)
        if (*p == '\n')
            *p = ' ';
    xmlsafe_quote(tmp, buf, size);
}

/* Elements carry the line where their start tag begins in _private (set while parsing, see
 * on_start_element); libxml2's own node->line is where the start tag ends. */
long xmlsafe_line(xmlNodePtr n)
{
    if (n && n->type == XML_ATTRIBUTE_NODE)
        n = n->parent;
    if (n && n->type == XML_ELEMENT_NODE && n->_private)
        return (long)(intptr_t)n->_private;
    long line = n ? xmlGetLineNo(n) : 0;
    return line > 0 ? line : 0;
}

/* Structured handler for libxml2's parser and validator messages. */
static void on_xml_error(void *ctx, xmlsafe_xml_error *err)
{
    load_state *st = ctx;
    if (!err || err->level == XML_ERR_NONE)
        return;
    char msg[400];
    clean_message(err->message, msg, sizeof msg);
    long line = err->line > 0 ? err->line : 0;
    if (err->node) {
        long nl = xmlsafe_line((xmlNodePtr)err->node);
        if (nl > 0)
            line = nl;
    }
    if (err->level == XML_ERR_WARNING) {
        rt_diag_warning(st->d, st->path, line, "%s", msg);
        return;
    }
    st->errors++;
    /* the schema's wording does not say what the order is: a child of <taskset> out of place
     * gets the rule (docs/formats.md sec. 5) */
    xmlNodePtr n = (xmlNodePtr)err->node;
    const char *order = "";
    if (n && n->type == XML_ELEMENT_NODE && n->parent && n->parent->parent &&
        n->parent->parent->type == XML_DOCUMENT_NODE && xmlsafe_is(n->parent, "taskset") &&
        strstr(msg, "This element is not expected"))
        order = " (the elements of <taskset> come in this order: every <kernel>, then every "
                "<task>, then the <partition>s, then the <scenario>s)";
    if (st->keep_all || st->errors == 1)
        rt_diag_error(st->d, st->path, line, "%s%s", msg, order);
}

/* libxml2 also has an unstructured channel; nothing it says may reach the terminal. */
static void on_generic_error(void *ctx, const char *msg, ...)
{
    (void)ctx;
    (void)msg;
}

/* ---- reading the file ------------------------------------------------------------------ */

static const char *file_kind(mode_t m)
{
    if (S_ISDIR(m))
        return "is a directory, not a file";
    if (S_ISFIFO(m))
        return "is a FIFO (named pipe), not a regular file";
    if (S_ISCHR(m) || S_ISBLK(m))
        return "is a device, not a regular file";
    if (S_ISSOCK(m))
        return "is a socket, not a regular file";
    return "is not a regular file";
}

static int check_stat(const char *path, const struct stat *sb, rt_diags *d)
{
    if (!S_ISREG(sb->st_mode)) {
        rt_diag_error(d, path, 0, "%s", file_kind(sb->st_mode));
        return -1;
    }
    if ((uintmax_t)sb->st_size > XMLSAFE_MAX_BYTES) {
        rt_diag_error(d, path, 0, "file is larger than 16 MiB (%jd bytes); inputs are limited "
                      "to 16 MiB", (intmax_t)sb->st_size);
        return -1;
    }
    return 0;
}

/* Read at most XMLSAFE_MAX_BYTES + 1 bytes of fd into a new buffer. */
static int read_all(int fd, size_t hint, unsigned char **out, size_t *len)
{
    size_t alloc = hint + 1, n = 0;
    unsigned char *buf = malloc(alloc);
    if (!buf)
        return -1;
    for (;;) {
        if (n == alloc) {
            if (alloc > XMLSAFE_MAX_BYTES)
                break;
            size_t na = alloc * 2 > XMLSAFE_MAX_BYTES + 1 ? XMLSAFE_MAX_BYTES + 1 : alloc * 2;
            unsigned char *nb = realloc(buf, na);
            if (!nb) {
                free(buf);
                return -1;
            }
            buf = nb;
            alloc = na;
        }
        ssize_t r = read(fd, buf + n, alloc - n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            free(buf);
            return -1;
        }
        if (r == 0)
            break;
        n += (size_t)r;
    }
    *out = buf;
    *len = n;
    return 0;
}

/* Read path into *out (caller frees) if it is a regular file within the size cap. */
static int read_input(const char *path, rt_diags *d, unsigned char **out, size_t *len)
{
    struct stat sb;
    int fd = -1, rc = -1;
    if (stat(path, &sb) != 0) {
        rt_diag_error(d, path, 0, "cannot open file: %s", strerror(errno));
        goto done;
    }
    if (check_stat(path, &sb, d) != 0)
        goto done;
    /* O_NONBLOCK: if the path was swapped for a FIFO since stat, open must not wait. */
    fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        rt_diag_error(d, path, 0, "cannot open file: %s", strerror(errno));
        goto done;
    }
    if (fstat(fd, &sb) != 0) {
        rt_diag_error(d, path, 0, "cannot read file: %s", strerror(errno));
        goto done;
    }
    if (check_stat(path, &sb, d) != 0)
        goto done;
    if (read_all(fd, (size_t)sb.st_size, out, len) != 0) {
        rt_diag_error(d, path, 0, "cannot read file: %s", strerror(errno));
        goto done;
    }
    if (*len > XMLSAFE_MAX_BYTES) {
        rt_diag_error(d, path, 0, "file is larger than 16 MiB; inputs are limited to 16 MiB");
        free(*out);
        *out = NULL;
        goto done;
    }
    rc = 0;
done:
    if (fd >= 0)
        close(fd);
    return rc;
}

/* Checks on the raw bytes, before any parsing. */
static int check_bytes(const char *path, const unsigned char *buf, size_t len, rt_diags *d)
{
    if (len == 0) {
        rt_diag_error(d, path, 0, "file is empty");
        return -1;
    }
    if (len >= 2 && buf[0] == 0x1f && buf[1] == 0x8b) {
        rt_diag_error(d, path, 0, "file is gzip-compressed; compressed inputs are not accepted "
                      "(decompress it first)");
        return -1;
    }
    if (len >= 2 && ((buf[0] == 0xff && buf[1] == 0xfe) || (buf[0] == 0xfe && buf[1] == 0xff))) {
        rt_diag_error(d, path, 1, "file is UTF-16 or UTF-32; inputs must be UTF-8");
        return -1;
    }
    const unsigned char *nul = memchr(buf, 0, len);
    if (nul) {
        long line = 1;
        for (const unsigned char *p = buf; p < nul; p++)
            line += *p == '\n';
        rt_diag_error(d, path, line, "file contains a NUL byte (inputs must be UTF-8 text, "
                      "not binary)");
        return -1;
    }
    return 0;
}

/* Skip from p to just past the first occurrence of end (counting lines); NULL if none. */
static const unsigned char *skip_past(const unsigned char *p, const unsigned char *e,
                                      const char *end, long *line)
{
    size_t n = strlen(end);
    for (; p + n <= e; p++) {
        if (memcmp(p, end, n) == 0)
            return p + n;
        *line += *p == '\n';
    }
    return NULL;
}

/* libxml2 checks each attribute of an element against the ones before it (quadratic time: 200,000
 * attributes on one element cost minutes), so the bytes are scanned first, in linear time, and a
 * start tag with more than XMLSAFE_MAX_ATTRIBUTES attributes is refused at its line. Comments,
 * CDATA sections and processing instructions are skipped; in a start tag, each '=' outside a
 * quoted value is one attribute (a value may hold '=' and '>'). At a DOCTYPE, or at markup that
 * is not well-formed, the scan stops and leaves the message to the parser. */
static int check_attribute_counts(const char *path, const unsigned char *buf, size_t len,
                                  rt_diags *d)
{
    const unsigned char *p = buf, *e = buf + len;
    long line = 1;
    while (p < e) {
        if (*p != '<') {
            line += *p++ == '\n';
            continue;
        }
        long at = line;
        size_t left = (size_t)(e - p);
        if (left >= 4 && memcmp(p, "<!--", 4) == 0)
            p = skip_past(p + 4, e, "-->", &line);
        else if (left >= 9 && memcmp(p, "<![CDATA[", 9) == 0)
            p = skip_past(p + 9, e, "]]>", &line);
        else if (left >= 2 && p[1] == '?')
            p = skip_past(p + 2, e, "?>", &line);
        else if (left >= 2 && p[1] == '!')
            return 0;   /* a DOCTYPE: refused by the parser */
        else if (left >= 2 && p[1] == '/')
            p = skip_past(p + 2, e, ">", &line);
        else {
            const unsigned char *name = ++p;
            while (p < e && *p != '>' && *p != '/' && *p != ' ' && *p != '\t' && *p != '\n' &&
                   *p != '\r')
                p++;
            size_t name_len = (size_t)(p - name);
            long count = 0;
            while (p < e && *p != '>') {
                if (*p == '"' || *p == '\'') {
                    char q[2] = {(char)*p, '\0'};
                    p = skip_past(p + 1, e, q, &line);
                    if (!p)
                        return 0;
                    continue;
                }
                if (*p == '<')
                    return 0;   /* not well-formed: the parser says where */
                if (*p == '=' && ++count > XMLSAFE_MAX_ATTRIBUTES) {
                    char nm[80], q[100];
                    snprintf(nm, sizeof nm, "%.*s", (int)(name_len < 64 ? name_len : 64),
                             (const char *)name);
                    rt_diag_error(d, path, at, "element <%s> has more than %d attributes; "
                                  "inputs are limited to %d attributes on one element",
                                  xmlsafe_quote(nm, q, sizeof q), XMLSAFE_MAX_ATTRIBUTES,
                                  XMLSAFE_MAX_ATTRIBUTES);
                    return -1;
                }
                line += *p++ == '\n';
            }
        }
        if (!p)
            return 0;   /* unterminated: the parser says where */
    }
    return 0;
}

int xmlsafe_read_bytes(const char *path, rt_diags *d, unsigned char **out, size_t *len,
                       unsigned char sha256[32])
{
    *out = NULL;
    if (read_input(path, d, out, len) != 0)
        return -1;
    if (check_bytes(path, *out, *len, d) != 0) {
        free(*out);
        *out = NULL;
        return -1;
    }
    rt_sha256(*out, *len, sha256);
    return 0;
}

/* ---- parsing --------------------------------------------------------------------------- */

/* SAX hook called when <!DOCTYPE name ...> has been read, before its internal subset. */
static void on_doctype(void *ctx, const xmlChar *name, const xmlChar *public_id,
                       const xmlChar *system_id)
{
    xmlParserCtxtPtr ctxt = ctx;
    load_state *st = ctxt->_private;
    (void)name;
    (void)public_id;
    (void)system_id;
    st->errors++;
    if (st->errors == 1)
        rt_diag_error(st->d, st->path, ctxt->input ? ctxt->input->line : 0,
                      "a DOCTYPE is not allowed (DTDs and entity declarations are rejected)");
    xmlStopParser(ctxt);
}

/* SAX hook for each start tag: build the node as usual, then record the line of its '<'.
 * The parser stands on the '>' or "/>" ending the tag; a literal '<' cannot occur inside a
 * tag, so the nearest '<' before it starts the tag, and libxml2 counts lines by '\n' bytes. */
static void on_start_element(void *ctx, const xmlChar *localname, const xmlChar *prefix,
                             const xmlChar *uri, int nb_namespaces, const xmlChar **namespaces,
                             int nb_attributes, int nb_defaulted, const xmlChar **attributes)
{
    xmlParserCtxtPtr ctxt = ctx;
    xmlSAX2StartElementNs(ctx, localname, prefix, uri, nb_namespaces, namespaces, nb_attributes,
                          nb_defaulted, attributes);
    xmlParserInputPtr in = ctxt->input;
    if (!ctxt->node || !in || !in->cur || !in->base || in->line <= 0)
        return;
    long line = in->line;
    const xmlChar *p = in->cur;
    while (p > in->base && *p != '<') {
        p--;
        line -= *p == '\n';
    }
    if (*p == '<' && line > 0)
        ctxt->node->_private = (void *)(intptr_t)line;
}

static xmlDocPtr parse_bytes(const unsigned char *buf, size_t len, load_state *st)
{
    xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
    if (!ctxt) {
        rt_diag_error(st->d, st->path, 0, "out of memory");
        return NULL;
    }
    ctxt->_private = st;
    ctxt->sax->internalSubset = on_doctype;
    ctxt->sax->startElementNs = on_start_element;
    st->errors = 0;
    st->keep_all = 0;
    xmlDocPtr doc = xmlCtxtReadMemory(ctxt, (const char *)buf, (int)len, NULL, NULL,
                                      XML_PARSE_NONET | XML_PARSE_BIG_LINES);
    if (doc && st->errors) {
        xmlFreeDoc(doc);
        doc = NULL;
    }
    if (!doc && !st->errors)
        rt_diag_error(st->d, st->path, 0, "is not well-formed XML");
    xmlFreeParserCtxt(ctxt);
    return doc;
}

static int is_xinclude_ns(const xmlNs *ns)
{
    return ns && ns->href &&
           (xmlStrEqual(ns->href, BAD_CAST "http://www.w3.org/2001/XInclude") ||
            xmlStrEqual(ns->href, BAD_CAST "http://www.w3.org/2003/XInclude"));
}

/* Reject what a safe document may not hold; returns the number of problems. */
static int check_node(xmlNodePtr n, load_state *st)
{
    char q[100];
    switch (n->type) {
    case XML_ELEMENT_NODE:
        if (!is_xinclude_ns(n->ns))
            return 0;
        rt_diag_error(st->d, st->path, xmlsafe_line(n), "XInclude element <%s> is not allowed",
                      xmlsafe_quote((const char *)n->name, q, sizeof q));
        return 1;
    case XML_ENTITY_REF_NODE:
        rt_diag_error(st->d, st->path, xmlsafe_line(n), "entity reference &%s; is not allowed",
                      xmlsafe_quote((const char *)n->name, q, sizeof q));
        return 1;
    case XML_DTD_NODE:
    case XML_ENTITY_DECL:
    case XML_XINCLUDE_START:
    case XML_XINCLUDE_END:
        rt_diag_error(st->d, st->path, 0, "a DOCTYPE is not allowed");
        return 1;
    default:
        return 0;
    }
}

static int check_tree(xmlDocPtr doc, load_state *st)
{
    int bad = 0;
    xmlNodePtr n = doc->children;
    while (n) {
        bad += check_node(n, st);
        if (n->type == XML_ELEMENT_NODE && n->children) {
            n = n->children;
            continue;
        }
        while (n && !n->next) {
            n = n->parent;
            if (n == (xmlNodePtr)doc)
                n = NULL;
        }
        if (n)
            n = n->next;
    }
    return bad;
}

static int check_encoding(xmlDocPtr doc, load_state *st)
{
    const char *enc = (const char *)doc->encoding;
    if (!enc || strcasecmp(enc, "UTF-8") == 0 || strcasecmp(enc, "UTF8") == 0 ||
        strcasecmp(enc, "US-ASCII") == 0 || strcasecmp(enc, "ASCII") == 0)
        return 0;
    char q[80];
    rt_diag_error(st->d, st->path, 1, "encoding \"%s\" is not accepted; inputs must be UTF-8",
                  xmlsafe_quote(enc, q, sizeof q));
    return 1;
}

static int check_root(xmlDocPtr doc, xmlsafe_kind which, load_state *st)
{
    const char *want = kinds[which].root;
    const char *other = which == XMLSAFE_TASKSET ? "gpu" : "taskset";
    xmlNodePtr root = xmlDocGetRootElement(doc);
    if (!root) {
        rt_diag_error(st->d, st->path, 0, "no root element (expected <%s>)", want);
        return 1;
    }
    if (xmlsafe_is(root, want))
        return 0;
    char q[100];
    if (root->ns && xmlStrEqual(root->name, (const xmlChar *)want)) {
        rt_diag_error(st->d, st->path, xmlsafe_line(root), "root element <%s> is in namespace "
                      "\"%s\"; rtgpu inputs use no namespace", want,
                      xmlsafe_quote(root->ns->href ? (const char *)root->ns->href : "", q,
                                    sizeof q));
        return 1;
    }
    rt_diag_error(st->d, st->path, xmlsafe_line(root), "root element is <%s>, expected <%s>%s",
                  xmlsafe_quote((const char *)root->name, q, sizeof q), want,
                  which != XMLSAFE_EXPLORE && xmlsafe_is(root, other)
                      ? (which == XMLSAFE_TASKSET ? " (this looks like a GPU file)"
                                                  : " (this looks like a task-set file)")
                      : "");
    return 1;
}

/* ---- schema ---------------------------------------------------------------------------- */

static int validate(xmlDocPtr doc, xmlsafe_kind which, load_state *st)
{
    const char *text = kinds[which].schema;
    int size = (int)kinds[which].size - 1;
    xmlSchemaParserCtxtPtr pctx = NULL;
    xmlSchemaPtr schema = NULL;
    xmlSchemaValidCtxtPtr vctx = NULL;
    int rc = -1;

    st->errors = 0;
    st->keep_all = 1;
    pctx = xmlSchemaNewMemParserCtxt(text, size);
    if (!pctx)
        goto done;
    xmlSchemaSetParserStructuredErrors(pctx, on_xml_error, st);
    schema = xmlSchemaParse(pctx);
    if (!schema)
        goto done;
    vctx = xmlSchemaNewValidCtxt(schema);
    if (!vctx)
        goto done;
    xmlSchemaSetValidStructuredErrors(vctx, on_xml_error, st);
    rc = xmlSchemaValidateDoc(vctx, doc);
done:
    if (rc != 0 && st->errors == 0)
        rt_diag_error(st->d, st->path, 0, rc < 0 ? "internal error: cannot compile the embedded "
                      "schema" : "does not match the schema");
    xmlSchemaFreeValidCtxt(vctx);
    xmlSchemaFree(schema);
    xmlSchemaFreeParserCtxt(pctx);
    return rc == 0 ? 0 : 1;
}

/* ---- load ------------------------------------------------------------------------------ */

/* Parse and check the bytes with libxml2's handlers pointed at st. */
static xmlDocPtr load_bytes(const unsigned char *buf, size_t len, xmlsafe_kind which,
                            load_state *st)
{
    xmlDocPtr doc = parse_bytes(buf, len, st);
    if (!doc)
        return NULL;
    if (check_encoding(doc, st) || check_tree(doc, st) || check_root(doc, which, st) ||
        validate(doc, which, st)) {
        xmlFreeDoc(doc);
        return NULL;
    }
    return doc;
}

xmlDocPtr xmlsafe_load(const char *path, xmlsafe_kind which, rt_diags *d,
                       unsigned char sha256[32])
{
    unsigned char *buf = NULL;
    size_t len = 0;
    xmlDocPtr doc = NULL;
    load_state st = {path, d, 0, 0};

    if (read_input(path, d, &buf, &len) != 0 || check_bytes(path, buf, len, d) != 0 ||
        check_attribute_counts(path, buf, len, d) != 0)
        goto done;
    rt_sha256(buf, len, sha256);

    xmlInitParser();
    xmlStructuredErrorFunc old_serror = xmlStructuredError;
    void *old_sctx = xmlStructuredErrorContext;
    xmlGenericErrorFunc old_gerror = xmlGenericError;
    void *old_gctx = xmlGenericErrorContext;
    xmlSetStructuredErrorFunc(&st, on_xml_error);
    xmlSetGenericErrorFunc(NULL, on_generic_error);
    doc = load_bytes(buf, len, which, &st);
    xmlSetGenericErrorFunc(old_gctx, old_gerror);
    xmlSetStructuredErrorFunc(old_sctx, old_serror);
done:
    free(buf);
    return doc;
}

/* ---- attribute readers ----------------------------------------------------------------- */

bool xmlsafe_is(xmlNodePtr n, const char *name)
{
    return n && n->type == XML_ELEMENT_NODE && !n->ns && xmlStrEqual(n->name, (const xmlChar *)name);
}

void xmlsafe_at_init(xmlsafe_at *at, const char *path, rt_diags *d, xmlNodePtr node,
                     const char *kind)
{
    at->path = path;
    at->d = d;
    at->node = node;
    at->line = xmlsafe_line(node);
    at->sep = ": ";
    xmlChar *name = xmlGetNoNsProp(node, BAD_CAST "name");
    if (name) {
        char q[120];
        snprintf(at->obj, sizeof at->obj, "%s \"%s\"", kind,
                 xmlsafe_quote((const char *)name, q, sizeof q));
        xmlFree(name);
    } else {
        snprintf(at->obj, sizeof at->obj, "%s", kind);
    }
}

void xmlsafe_at_child(xmlsafe_at *at, const xmlsafe_at *parent, xmlNodePtr node,
                      const char *kind)
{
    at->path = parent->path;
    at->d = parent->d;
    at->node = node;
    at->line = xmlsafe_line(node);
    /* parent->obj fits at->obj; the suffix is cut if it does not */
    memcpy(at->obj, parent->obj, sizeof at->obj);
    size_t n = strlen(at->obj);
    snprintf(at->obj + n, sizeof at->obj - n, ": %s", kind);
    at->sep = " ";
}

char *xmlsafe_default_name(const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t n = strlen(base);
    if (n > 4 && strcmp(base + n - 4, ".xml") == 0)
        n -= 4;
    char *s = malloc(n + 1);
    if (s) {
        memcpy(s, base, n);
        s[n] = '\0';
    }
    return s;
}

void xmlsafe_error(const xmlsafe_at *at, const char *fmt, ...)
{
    char buf[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    rt_diag_error(at->d, at->path, at->line, "%s%s%s", at->obj, at->sep, buf);
}

bool xmlsafe_has(const xmlsafe_at *at, const char *attr)
{
    return xmlHasNsProp(at->node, (const xmlChar *)attr, NULL) != NULL;
}

/* Raw value of attr: 1 present (*v for xmlFree), 0 absent, -1 out of memory (recorded). */
static int get_value(const xmlsafe_at *at, const char *attr, xmlChar **v)
{
    if (!xmlsafe_has(at, attr))
        return 0;
    *v = xmlGetNoNsProp(at->node, (const xmlChar *)attr);
    if (!*v) {
        xmlsafe_error(at, "out of memory reading %s", attr);
        return -1;
    }
    return 1;
}

static int bad_value(const xmlsafe_at *at, const char *attr, const xmlChar *v,
                     const char *problem)
{
    char q[100];
    xmlsafe_error(at, "%s \"%s\" %s", attr, xmlsafe_quote((const char *)v, q, sizeof q), problem);
    return -1;
}

char *xmlsafe_dup(const xmlsafe_at *at, const char *attr, bool *failed)
{
    xmlChar *v = NULL;
    int rc = get_value(at, attr, &v);
    if (rc <= 0) {
        if (rc < 0)
            *failed = true;
        return NULL;
    }
    char *s = strdup((const char *)v);
    xmlFree(v);
    if (!s) {
        xmlsafe_error(at, "out of memory reading %s", attr);
        *failed = true;
    }
    return s;
}

int xmlsafe_get_name(const xmlsafe_at *at, char **out)
{
    bool failed = false;
    char *s = xmlsafe_dup(at, "name", &failed);
    if (!s) {
        if (!failed)
            xmlsafe_error(at, "has no name");
        return -1;
    }
    /* an invalid name is still handed out, so that references to it do not add errors */
    *out = s;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if (*p < 0x20 || *p == 0x7f) {
            xmlsafe_error(at, "name contains a control character");
            return -1;
        }
    if (!*s) {
        xmlsafe_error(at, "name is empty");
        return -1;
    }
    return 1;
}

static const char *int_bound_text(int64_t min, char *buf, size_t size)
{
    if (min == 0)
        return "must not be negative";
    snprintf(buf, size, "must be at least %lld", (long long)min);
    return buf;
}

/* The wording for a whole-ns duration below min_ns. */
static const char *dur_bound_text(int64_t min_ns, char *buf, size_t size)
{
    if (min_ns == 1)
        return "must be positive";
    if (min_ns <= 0)
        return "must not be negative";
    snprintf(buf, size, "must be at least %lldns", (long long)min_ns);
    return buf;
}

/* "is not a whole number of nanoseconds" with the nearest safe whole value: rounded down for a
 * period or a deadline (shorter is the safe side), up for a jitter or a launch overhead (longer
 * is the safe side); for any other duration (a block-time, a submit time) neither side is the
 * safe one, so both whole neighbours are named. */
static const char *not_whole_text(const char *attr, const char *v, char *buf, size_t size)
{
    double ns = 0;
    bool up = strcmp(attr, "jitter") == 0 || strcmp(attr, "launch-overhead") == 0;
    bool down = strcmp(attr, "period") == 0 || strcmp(attr, "deadline") == 0;
    if (units_parse_duration_real_ns(v, &ns) != UNITS_OK || !(ns >= 0 && ns < 9e15))
        return units_status_text(UNITS_NOT_WHOLE);
    if (!up && !down)
        snprintf(buf, size, "%s (the whole values nearest are %.0fns and %.0fns)",
                 units_status_text(UNITS_NOT_WHOLE), floor(ns), ceil(ns));
    else
        snprintf(buf, size, "%s (nearest safe value: %.0fns, rounded %s: a %s %s is the safe "
                 "side)", units_status_text(UNITS_NOT_WHOLE), up ? ceil(ns) : floor(ns),
                 up ? "up" : "down", up ? "longer" : "shorter", attr);
    return buf;
}

/* An integer attribute read with parse (plain integer or whole-ns duration), at least min;
 * bound_text words the problem when it is below. */
static int get_int_with(const xmlsafe_at *at, const char *attr, int64_t min,
                        units_status (*parse)(const char *, int64_t *),
                        const char *(*bound_text)(int64_t, char *, size_t), int64_t *out)
{
    xmlChar *v = NULL;
    int rc = get_value(at, attr, &v);
    if (rc <= 0)
        return rc;
    int64_t x = 0;
    char bound[200];
    units_status st = parse((const char *)v, &x);
    if (st == UNITS_NOT_WHOLE && parse == units_parse_duration_ns)
        rc = bad_value(at, attr, v, not_whole_text(attr, (const char *)v, bound, sizeof bound));
    else if (st != UNITS_OK)
        rc = bad_value(at, attr, v, units_status_explain(st, (const char *)v, bound,
                                                         sizeof bound));
    else if (x < min)
        rc = bad_value(at, attr, v, bound_text(min, bound, sizeof bound));
    else
        *out = x;
    xmlFree(v);
    return rc;
}

int xmlsafe_get_int(const xmlsafe_at *at, const char *attr, int64_t min, int64_t *out)
{
    return get_int_with(at, attr, min, units_parse_int, int_bound_text, out);
}

/* The problem with x under bound b, or NULL if none. */
static const char *real_bound_problem(double x, xmlsafe_bound b)
{
    if (b == XMLSAFE_POSITIVE && !(x > 0))
        return "must be positive";
    if (b == XMLSAFE_NONNEG && x < 0)
        return "must not be negative";
    return NULL;
}

/* A real attribute read with parse (plain number or duration), then checked against b. */
static int get_real_with(const xmlsafe_at *at, const char *attr, xmlsafe_bound b,
                         units_status (*parse)(const char *, double *), double *out)
{
    xmlChar *v = NULL;
    int rc = get_value(at, attr, &v);
    if (rc <= 0)
        return rc;
    double x = 0;
    char buf[200];
    units_status st = parse((const char *)v, &x);
    const char *problem = st != UNITS_OK ? units_status_explain(st, (const char *)v, buf, sizeof buf)
                                         : real_bound_problem(x, b);
    if (problem)
        rc = bad_value(at, attr, v, problem);
    else
        *out = x;
    xmlFree(v);
    return rc;
}

int xmlsafe_get_real(const xmlsafe_at *at, const char *attr, xmlsafe_bound b, double *out)
{
    return get_real_with(at, attr, b, units_parse_real, out);
}

int xmlsafe_get_duration_ns(const xmlsafe_at *at, const char *attr, int64_t min_ns,
                            int64_t *out)
{
    return get_int_with(at, attr, min_ns, units_parse_duration_ns, dur_bound_text, out);
}

int xmlsafe_get_duration_real_ns(const xmlsafe_at *at, const char *attr, xmlsafe_bound b,
                                 double *out)
{
    return get_real_with(at, attr, b, units_parse_duration_real_ns, out);
}

/* Parse "X[,Y[,Z]]" of positive integers into dims; 0 on success. */
static int parse_dims(const char *s, int64_t dims[3])
{
    int64_t d[3] = {1, 1, 1};
    char part[32];
    int k = 0;
    const char *p = s;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        if (k == 3 || n == 0 || n >= sizeof part)
            return -1;
        memcpy(part, p, n);
        part[n] = '\0';
        if (units_parse_int(part, &d[k]) != UNITS_OK || d[k] < 1 || part[0] == '+')
            return -1;
        k++;
        if (!comma)
            break;
        p = comma + 1;
    }
    memcpy(dims, d, sizeof d);
    return 0;
}

int xmlsafe_get_dims(const xmlsafe_at *at, const char *attr, int64_t dims[3])
{
    xmlChar *v = NULL;
    int rc = get_value(at, attr, &v);
    if (rc <= 0)
        return rc;
    if (parse_dims((const char *)v, dims) != 0)
        rc = bad_value(at, attr, v, "must be 1 to 3 positive integers separated by commas "
                       "(e.g. 128 or 32,8)");
    xmlFree(v);
    return rc;
}
