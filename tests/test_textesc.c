/* Tests of util/textesc: control characters as \xHH, the also-set, the cut at a UTF-8 boundary,
 * and the stream writer giving the same text as the buffer one. Expected strings by hand. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <string.h>

#include "suites.h"
#include "util/textesc.h"

static void test_esc_buffer(void)
{
    char buf[64];
    /* LF is 0x0a, TAB 0x09, DEL 0x7f, ESC 0x1b */
    CU_ASSERT_STRING_EQUAL(rt_textesc("a\nb", NULL, buf, sizeof buf), "a\\x0ab");
    CU_ASSERT_STRING_EQUAL(rt_textesc("\t\x7f\x1b[2J", NULL, buf, sizeof buf), "\\x09\\x7f\\x1b[2J");
    CU_ASSERT_STRING_EQUAL(rt_textesc("say \"hi\"", "\"", buf, sizeof buf), "say \\\"hi\\\"");
    CU_ASSERT_STRING_EQUAL(rt_textesc("caf\xc3\xa9", NULL, buf, sizeof buf), "caf\xc3\xa9");
    /* size 10: a byte goes in while it leaves room for "..." and the NUL (o + 1 + 4 <= 10):
     * "abcd" and both bytes of U+00E9 (o = 6), then "x" does not; the cut drops the
     * continuation byte and its lead byte, never half a character: "abcd..." */
    CU_ASSERT_STRING_EQUAL(rt_textesc("abcd\xc3\xa9xyz", NULL, buf, 10), "abcd...");
}

static void test_esc_stream(void)
{
    static const char *const in[] = { "plain", "x\x7fy\tz", "\n", "", "end\n" };
    static const char *const want[] = { "plain", "x\\x7fy\\x09z", "\\x0a", "", "end\\x0a" };
    for (size_t i = 0; i < sizeof in / sizeof in[0]; i++) {
        FILE *f = tmpfile();
        CU_ASSERT_PTR_NOT_NULL_FATAL(f);
        CU_ASSERT_EQUAL(rt_textesc_fputs(in[i], f), 0);
        char got[64] = { 0 };
        rewind(f);
        size_t n = fread(got, 1, sizeof got - 1, f);
        got[n] = '\0';
        CU_ASSERT_STRING_EQUAL(got, want[i]);
        fclose(f);
    }
    FILE *full = fopen("/dev/full", "w");
    if (full) {
        setvbuf(full, NULL, _IONBF, 0);
        CU_ASSERT_EQUAL(rt_textesc_fputs("a\nb", full), EOF);   /* a write error is reported */
        fclose(full);
    }
}

void test_textesc_register(void);
void test_textesc_register(void)
{
    CU_pSuite s = CU_add_suite("textesc", NULL, NULL);
    CU_add_test(s, "control characters as \\xHH, the also-set, UTF-8-safe cut", test_esc_buffer);
    CU_add_test(s, "the stream writer: same text, in runs, write errors", test_esc_stream);
}
