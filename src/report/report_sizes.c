/* report_sizes: the size-restricting options of a search in the words of the command line. */
#include "report/report_sizes.h"

#include <inttypes.h>
#include <stdio.h>

void report_sizes_why(const rt_options *o, char *buf, size_t size)
{
    if (o->deploy != RT_DEPLOY_ANY && o->min_partition_sms > 0)
        snprintf(buf, size, "--deploy %s, --min-partition-sms %" PRId64,
                 rt_options_deploy_target_name(o->deploy), o->min_partition_sms);
    else if (o->deploy != RT_DEPLOY_ANY)
        snprintf(buf, size, "--deploy %s", rt_options_deploy_target_name(o->deploy));
    else
        snprintf(buf, size, "--min-partition-sms %" PRId64, o->min_partition_sms);
}
