/* files: the run's files; one check that no output overwrites an input or another output. */
/* realpath; the reserved name is the feature-test macro
 * NOLINTNEXTLINE(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp) */
#define _XOPEN_SOURCE 700
#include "cli/files.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/args.h"
#include "util/grow.h"

void cli_files_add(cli_files *f, const char *opt, const char *path, bool output)
{
    if (!path || f->oom)
        return;
    cli_file *v = rt_grow(f->v, &f->cap, f->n + 1, sizeof *v, 8);
    if (!v) {
        f->oom = true;
        return;
    }
    f->v = v;
    f->v[f->n++] = (cli_file){ .opt = opt, .path = path, .output = output };
}

/* What a path names: an existing file's device and inode, else the real path of its parent
 * directory joined to its final name (NULL when that directory does not resolve). */
typedef struct file_id {
    bool exists;
    dev_t dev;
    ino_t ino;
    char *where;   /* owned */
} file_id;

/* -1 out of memory, else 0. */
static int identify(const char *path, file_id *id)
{
    struct stat st;
    *id = (file_id){ 0 };
    if (stat(path, &st) == 0) {
        *id = (file_id){ .exists = true, .dev = st.st_dev, .ino = st.st_ino };
        return 0;
    }
    const char *slash = strrchr(path, '/');
    const char *name = slash ? slash + 1 : path;
    if (!name[0] || strcmp(name, ".") == 0 || strcmp(name, "..") == 0)
        return 0;
    char *dir = !slash ? strdup(".") : slash == path ? strdup("/")
                                       : strndup(path, (size_t)(slash - path));
    if (!dir)
        return -1;
    char *real = realpath(dir, NULL);
    free(dir);
    if (!real)
        return 0;
    size_t rlen = strlen(real), nlen = strlen(name);
    id->where = malloc(rlen + nlen + 2);
    if (id->where)
        snprintf(id->where, rlen + nlen + 2, "%s/%s", real, name);
    free(real);
    return id->where ? 0 : -1;
}

static bool same(const file_id *a, const char *pa, const file_id *b, const char *pb)
{
    if (a->exists || b->exists)
        return a->exists && b->exists && a->dev == b->dev && a->ino == b->ino;
    if (a->where && b->where)
        return strcmp(a->where, b->where) == 0;
    return strcmp(pa, pb) == 0;
}

/* Index of the first file that output i collides with (inputs first, then earlier outputs), or
 * n. */
static size_t collision(const cli_files *f, const file_id *ids, size_t i)
{
    for (int pass = 0; pass < 2; pass++)
        for (size_t j = 0; j < f->n; j++) {
            bool want = pass == 0 ? !f->v[j].output : (f->v[j].output && j < i);
            if (want && same(&ids[i], f->v[i].path, &ids[j], f->v[j].path))
                return j;
        }
    return f->n;
}

int cli_files_check(cli_files *f, const char *prog)
{
    int rc = f->oom ? 3 : 0;
    file_id *ids = rc == 0 && f->n ? calloc(f->n, sizeof *ids) : NULL;
    if (rc == 0 && f->n && !ids)
        rc = 3;
    for (size_t i = 0; rc == 0 && i < f->n; i++)
        if (identify(f->v[i].path, &ids[i]) != 0)
            rc = 3;
    if (rc == 3)
        fprintf(stderr, "%s: error: out of memory\n", prog);
    for (size_t i = 0; rc == 0 && i < f->n; i++) {
        const cli_file *o = &f->v[i];
        size_t j = o->output ? collision(f, ids, i) : f->n;
        if (j == f->n)
            continue;
        const cli_file *x = &f->v[j];
        if (!x->output)
            fprintf(stderr, "%s: error: %s %s is one of the input files: %s %s (the same file); "
                            "refusing to overwrite it (choose another output file)\n",
                    prog, o->opt, cli_args_shown(o->path), x->opt, cli_args_shown(x->path));
        else
            fprintf(stderr, "%s: error: %s and %s both name the same file (%s, %s); give each "
                            "output its own file\n", prog, x->opt, o->opt, cli_args_shown(x->path),
                    cli_args_shown(o->path));
        rc = 2;
    }
    for (size_t i = 0; ids && i < f->n; i++)
        free(ids[i].where);
    free(ids);
    free(f->v);
    *f = (cli_files){ 0 };
    return rc;
}
