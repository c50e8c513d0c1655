/* docname: a root element's name attribute, or its file's base name. */
#include "taskset/docname.h"

bool docname_read(const xmlattr_at *at, const char *path, char **out)
{
    if (xmlattr_has(at, "name")) {
        xmlattr_get_name(at, out);
        return true;
    }
    return (*out = xmlattr_default_name(path)) != NULL;
}
