/* xmlsafe: read an untrusted input file safely (XML, or the measurements CSV), parse XML from
 * memory, validate it against an embedded schema, and read its attributes with located
 * diagnostics. Every XML input is parsed through it: by taskset_load (scenario_load reads the
 * <scenario> nodes of its tree), gpu_load, explore/spec_load.c and taskset_write (which edits the
 * task-set tree); no libxml2 pointer of a parsed input leaves these modules. src/report/ uses
 * libxml2 only to write SVG and XHTML and to name the library's version. */
#ifndef RT_XMLSAFE_H
#define RT_XMLSAFE_H

#include <libxml/tree.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/diag.h"
#include "util/suggest.h"

/* Largest input file accepted, in bytes (16 MiB). */
#define XMLSAFE_MAX_BYTES ((size_t)16 * 1024 * 1024)

/* Most attributes accepted on one element of an XML input (none of the schemas allows more
 * than a few dozen); xmlsafe_load refuses a file with more before parsing it. */
#define XMLSAFE_MAX_ATTRIBUTES 256

/* Which file, i.e. which root element and embedded schema (XMLSAFE_EXPLORE: the sweep file of
 * rtgpu-explore, read by explore/spec_load.c). */
typedef enum { XMLSAFE_TASKSET, XMLSAFE_GPU, XMLSAFE_EXPLORE } xmlsafe_kind;

/* Read path (a regular file, not empty, at most 16 MiB, not gzip, no NUL byte, no element with
 * more than XMLSAFE_MAX_ATTRIBUTES attributes), parse it with no DTD, entities, network or
 * XInclude, check its root element and validate it against the embedded schema. Writes the SHA-256 of the bytes read to sha256. Returns the document
 * (caller frees with xmlFreeDoc) or NULL after recording located errors in d. */
xmlDocPtr xmlsafe_load(const char *path, xmlsafe_kind which, rt_diags *d,
                       unsigned char sha256[32]);

/* The same file checks for an input that is not XML (the measurements CSV): read path (a regular
 * file, not empty, at most 16 MiB, not gzip, not UTF-16, no NUL byte) into *out (caller frees)
 * and its SHA-256 into sha256. Returns 0, or -1 after recording a located error in d. */
int xmlsafe_read_bytes(const char *path, rt_diags *d, unsigned char **out, size_t *len,
                       unsigned char sha256[32]);

/* Line of a node in its file (exact beyond 65535 lines), 0 if unknown. */
long xmlsafe_line(xmlNodePtr n);
/* True if n is an element named name (no namespace). */
bool xmlsafe_is(xmlNodePtr n, const char *name);
/* Copy s into buf (size >= 8) for a message: control characters, quotes and backslashes
 * escaped, long text cut with "...". Returns buf. */
const char *xmlsafe_quote(const char *s, char *buf, size_t size);
/* The end of a message about a name that names nothing: ` (did you mean "BEST"?)` with the
 * suggestion of sg quoted as by xmlsafe_quote, or "" when sg has none. Into buf (size >= 8);
 * returns buf. */
const char *xmlsafe_hint(const rt_suggest *sg, char *buf, size_t size);

/* Where a value comes from: file, line and the object in words, e.g. `task "cam"`. */
typedef struct xmlsafe_at {
    const char *path;
    rt_diags *d;
    xmlNodePtr node;
    long line;
    char obj[200];
    const char *sep;  /* between obj and the message: ": " or, for a child, " " */
} xmlsafe_at;

/* Describe element node as `<kind> "<its name attribute>"` (or `<kind>` without one). */
void xmlsafe_at_init(xmlsafe_at *at, const char *path, rt_diags *d, xmlNodePtr node,
                     const char *kind);
/* Describe a child element without a name as `<parent's object>: <kind>`; its messages
 * read `kernel "K": measured sms "0" must be at least 1`. */
void xmlsafe_at_child(xmlsafe_at *at, const xmlsafe_at *parent, xmlNodePtr node,
                      const char *kind);
/* Record the error "<object>: <formatted text>" at the object's line. */
void xmlsafe_error(const xmlsafe_at *at, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* The file's base name without ".xml", for a root without a name attribute (caller frees;
 * NULL when out of memory). */
char *xmlsafe_default_name(const char *path);
/* True if the element has attribute attr. */
bool xmlsafe_has(const xmlsafe_at *at, const char *attr);
/* Copy of attribute attr (caller frees); NULL if absent, or after recording an error when
 * memory runs out (then *failed is set). */
char *xmlsafe_dup(const xmlsafe_at *at, const char *attr, bool *failed);
/* The object's name attribute copied to *out (caller frees): 1 valid, -1 error recorded
 * (absent: *out untouched; empty or holding a control character: *out still set). */
int xmlsafe_get_name(const xmlsafe_at *at, char **out);

/* Lower bounds for real numbers. */
typedef enum { XMLSAFE_ANY, XMLSAFE_NONNEG, XMLSAFE_POSITIVE } xmlsafe_bound;

/* Attribute readers. Each returns 1 (valid, *out set), 0 (absent, *out untouched) or -1 (an
 * error "<object>: <attr> "<text>" <problem>" was recorded). */
int xmlsafe_get_int(const xmlsafe_at *at, const char *attr, int64_t min, int64_t *out);
int xmlsafe_get_real(const xmlsafe_at *at, const char *attr, xmlsafe_bound b, double *out);
/* A duration that must be a whole number of ns, at least min_ns. */
int xmlsafe_get_duration_ns(const xmlsafe_at *at, const char *attr, int64_t min_ns,
                            int64_t *out);
/* A duration as a real number of ns. */
int xmlsafe_get_duration_real_ns(const xmlsafe_at *at, const char *attr, xmlsafe_bound b,
                                 double *out);
/* Dimensions "X", "X,Y" or "X,Y,Z" of positive integers; missing ones are set to 1. */
int xmlsafe_get_dims(const xmlsafe_at *at, const char *attr, int64_t dims[3]);

#endif
