/* json_opt: a JSON member's value, or null. */
#include "report/json_opt.h"

void json_opt_int(jw *w, const char *key, bool have, int64_t x)
{
    if (have)
        jw_kint(w, key, x);
    else
        jw_knull(w, key);
}

void json_opt_real(jw *w, const char *key, bool have, double x)
{
    if (have)
        jw_kreal(w, key, x);
    else
        jw_knull(w, key);
}
