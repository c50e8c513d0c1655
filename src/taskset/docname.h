/* docname: the name of an input file's root element, as the reports show it. Internal to the
 * loaders (it sees libxml2); not installed. */
#ifndef RT_DOCNAME_H
#define RT_DOCNAME_H

#include <stdbool.h>

#include "taskset/xmlattr.h"

/* Into *out (caller frees): the root at's name attribute (checked by xmlattr_get_name, which
 * records its errors), or without one the base name of path without ".xml". False only when
 * out of memory for the latter (*out NULL, nothing recorded). */
bool docname_read(const xmlattr_at *at, const char *path, char **out);

#endif
