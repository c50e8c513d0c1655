/* xmlattr: the located attribute readers of a parsed XML input (taskset/xmlsafe.h): typed getters
 * that parse with taskset/units.h and record a located diagnostic naming the file, the line and
 * the object, e.g. `tasks.xml:12: error: task "cam": period "10" has no unit (expected e.g.
 * 10ms)`. */
#ifndef RT_XMLATTR_H
#define RT_XMLATTR_H

#include <libxml/tree.h>
#include <stdbool.h>
#include <stdint.h>

#include "util/diag.h"

/* Where a value comes from: file, line and the object in words, e.g. `task "cam"`. */
typedef struct xmlattr_at {
    const char *path;
    rt_diags *d;
    xmlNodePtr node;
    long line;
    char obj[200];
    const char *sep;  /* between obj and the message: ": " or, for a child, " " */
} xmlattr_at;

/* Describe element node as `<kind> "<its name attribute>"` (or `<kind>` without one). */
void xmlattr_at_init(xmlattr_at *at, const char *path, rt_diags *d, xmlNodePtr node,
                     const char *kind);
/* Describe a child element without a name as `<parent's object>: <kind>`; its messages
 * read `kernel "K": measured sms "0" must be at least 1`. */
void xmlattr_at_child(xmlattr_at *at, const xmlattr_at *parent, xmlNodePtr node,
                      const char *kind);
/* Record the error "<object>: <formatted text>" at the object's line. */
void xmlattr_error(const xmlattr_at *at, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* The file's base name without ".xml", for a root without a name attribute (caller frees;
 * NULL when out of memory). */
char *xmlattr_default_name(const char *path);
/* True if the element has attribute attr. */
bool xmlattr_has(const xmlattr_at *at, const char *attr);
/* Copy of attribute attr (caller frees); NULL if absent, or after recording an error when
 * memory runs out (then *failed is set). */
char *xmlattr_dup(const xmlattr_at *at, const char *attr, bool *failed);
/* The object's name attribute copied to *out (caller frees): 1 valid, -1 error recorded
 * (absent: *out untouched; empty or holding a control character: *out still set). */
int xmlattr_get_name(const xmlattr_at *at, char **out);

/* Lower bounds for real numbers. */
typedef enum { XMLATTR_ANY, XMLATTR_NONNEG, XMLATTR_POSITIVE } xmlattr_bound;

/* Attribute readers. Each returns 1 (valid, *out set), 0 (absent, *out untouched) or -1 (an
 * error "<object>: <attr> "<text>" <problem>" was recorded). */
int xmlattr_get_int(const xmlattr_at *at, const char *attr, int64_t min, int64_t *out);
int xmlattr_get_real(const xmlattr_at *at, const char *attr, xmlattr_bound b, double *out);
/* A duration that must be a whole number of ns, at least min_ns. */
int xmlattr_get_duration_ns(const xmlattr_at *at, const char *attr, int64_t min_ns,
                            int64_t *out);
/* A duration as a real number of ns. */
int xmlattr_get_duration_real_ns(const xmlattr_at *at, const char *attr, xmlattr_bound b,
                                 double *out);
/* A positive exact decimal (taskset/units.h units_parse_decimal): the value *mant / 10^*digits. */
int xmlattr_get_decimal(const xmlattr_at *at, const char *attr, int64_t *mant, int *digits);
/* Dimensions "X", "X,Y" or "X,Y,Z" of positive integers; missing ones are set to 1. */
int xmlattr_get_dims(const xmlattr_at *at, const char *attr, int64_t dims[3]);

#endif
