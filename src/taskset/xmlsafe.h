/* xmlsafe: parse an untrusted XML input safely and validate it against its embedded schema. The
 * file passes taskset/filegate.h first; the attributes of the tree are read with
 * taskset/xmlattr.h. Every XML input is parsed here: by taskset_load (scenario_load reads the
 * <scenario> nodes of its tree), gpu_load, explore/spec_load.c and taskset_write (which edits the
 * task-set tree); no libxml2 pointer of a parsed input leaves these modules. src/report/ uses
 * libxml2 only to write SVG and XHTML and to name the library's version. */
#ifndef RT_XMLSAFE_H
#define RT_XMLSAFE_H

#include <libxml/tree.h>
#include <stdbool.h>
#include <stddef.h>

#include "util/diag.h"

/* Which file, i.e. which root element and embedded schema (XMLSAFE_EXPLORE: the sweep file of
 * rtgpu-explore, read by explore/spec_load.c). */
typedef enum { XMLSAFE_TASKSET, XMLSAFE_GPU, XMLSAFE_EXPLORE } xmlsafe_kind;

/* Read path through the gate (taskset/filegate.h: a regular file, not empty, at most 16 MiB, not
 * gzip, no NUL byte, no element with more than FILEGATE_MAX_ATTRIBUTES attributes), parse it
 * with no DTD, entities, network or XInclude, check its root element and validate it against the
 * embedded schema. Writes the SHA-256 of the bytes read to sha256. Returns the document (caller
 * frees with xmlFreeDoc) or NULL after recording located errors in d. */
xmlDocPtr xmlsafe_load(const char *path, xmlsafe_kind which, rt_diags *d,
                       unsigned char sha256[32]);

/* Line of a node in its file (exact beyond 65535 lines), 0 if unknown. */
long xmlsafe_line(xmlNodePtr n);
/* True if n is an element named name (no namespace). */
bool xmlsafe_is(xmlNodePtr n, const char *name);
/* How many children of parent are elements named name (xmlsafe_is). */
size_t xmlsafe_count(xmlNodePtr parent, const char *name);
/* A zeroed array of one size-byte record per child of parent named name (caller frees); NULL
 * when there is none, or after an "out of memory" error for path (line 0) in d. */
void *xmlsafe_alloc_children(xmlNodePtr parent, const char *name, size_t size, const char *path,
                             rt_diags *d);

#endif
