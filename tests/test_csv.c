/* Tests for util/csv: the one CSV field escape (RFC 4180 quoting, control characters as \xHH). */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/csv.h"

static void field_is(const char *s, const char *want)
{
    strbuf b = { 0 };
    csv_field(&b, s);
    CU_ASSERT_FALSE(b.oom);
    CU_ASSERT_STRING_EQUAL(b.data ? b.data : "", want);
    strbuf_fini(&b);
}

/* Plain text stays as it is; a comma or a quote quotes the field, quotes doubled (RFC 4180
 * sec. 2, rules 6 and 7); a control character quotes it too and is written \xHH. */
static void test_field(void)
{
    field_is("cam_detect", "cam_detect");
    field_is("", "");
    field_is("a,b", "\"a,b\"");
    field_is("say \"hi\"", "\"say \"\"hi\"\"\"");
    field_is("\"", "\"\"\"\"");
    field_is("l1\nl2", "\"l1\\x0al2\"");
    field_is("\x1b[31m\x7f", "\"\\x1b[31m\\x7f\"");
    field_is("caf\xc3\xa9", "caf\xc3\xa9");                 /* UTF-8 is not a control */
}

static void test_needs_quotes(void)
{
    CU_ASSERT_FALSE(csv_needs_quotes("a b;c"));
    CU_ASSERT_TRUE(csv_needs_quotes("a,b"));
    CU_ASSERT_TRUE(csv_needs_quotes("\""));
    CU_ASSERT_TRUE(csv_needs_quotes("\t"));
}

/* The stream form writes the same body as the buffer form. */
static void test_body_fputs(void)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    CU_ASSERT_EQUAL(csv_body_fputs("k\"1\"\r", f), 0);
    fclose(f);
    CU_ASSERT_STRING_EQUAL(text, "k\"\"1\"\"\\x0d");
    free(text);
}

void test_csv_register(void);
void test_csv_register(void)
{
    CU_pSuite s = CU_add_suite("csv", NULL, NULL);
    CU_add_test(s, "fields", test_field);
    CU_add_test(s, "when a field is quoted", test_needs_quotes);
    CU_add_test(s, "the stream form", test_body_fputs);
}
