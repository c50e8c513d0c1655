/* fixture_simcli: running rtgpu-simulate and reading its JSON, for the tests of the command on
 * task sets of GPU steps (tests/test_sim_cli.c) and on whole systems (tests/test_syssim_cli.c). */
#ifndef RT_FIXTURE_SIMCLI_H
#define RT_FIXTURE_SIMCLI_H

#include <CUnit/CUnit.h>
#include <jansson.h>
#include <stdio.h>

#include "runcmd.h"

/* rtgpu-simulate beside RTGPU_BIN with argv, deadline 60 s (runcmd_free the result). */
static inline runcmd_out fx_simcmd(char *const argv[])
{
    return runcmd_tool("rtgpu-simulate", argv, 60);
}

/* Parse text (a run's standard output or a file it wrote) as JSON, the caller json_decrefs it;
 * NULL after a failed assertion, with the parser's error and, where given, the run's standard
 * error (err) on stderr. */
static inline json_t *fx_parse_json(const char *text, const char *err)
{
    json_error_t jerr;
    json_t *j = text ? json_loads(text, 0, &jerr) : NULL;
    if (!j)
        fprintf(stderr, "\n  JSON: %s\n  stderr: %s\n", text ? jerr.text : "(no output)",
                err ? err : "(none)");
    CU_ASSERT_PTR_NOT_NULL(j);
    return j;
}

/* The integer member key of o; -1 after a failed assertion. */
static inline json_int_t fx_jint(const json_t *o, const char *key)
{
    const json_t *v = json_object_get(o, key);
    CU_ASSERT_TRUE(json_is_integer(v));
    return json_is_integer(v) ? json_integer_value(v) : -1;
}

/* The string member key of o; "" after a failed assertion. */
static inline const char *fx_jstr(const json_t *o, const char *key)
{
    const json_t *v = json_object_get(o, key);
    CU_ASSERT_TRUE(json_is_string(v));
    return json_is_string(v) ? json_string_value(v) : "";
}

#endif
