/* Tests for util/sha256: NIST FIPS 180-4 example vectors and padding boundaries. */
#include <CUnit/CUnit.h>
#include <stdlib.h>
#include <string.h>

#include "util/sha256.h"

static void check(const void *data, size_t len, const char *expect_hex)
{
    unsigned char d[32];
    char hex[65];
    rt_sha256(data, len, d);
    rt_sha256_hex(d, hex);
    CU_ASSERT_STRING_EQUAL(hex, expect_hex);
}

/* Vectors from NIST's "SHA256.pdf" example file (csrc.nist.gov, Examples with intermediate
 * values) and FIPS 180-2 appendix B. */
static void test_nist_abc(void)
{
    check("abc", 3, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

static void test_nist_empty(void)
{
    check("", 0, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

static void test_nist_448bit(void)
{
    const char *m = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    check(m, strlen(m), "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

static void test_nist_896bit(void)
{
    const char *m = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
                    "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";
    check(m, strlen(m), "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
}

static void test_nist_million_a(void)
{
    size_t n = 1000000;
    char *m = malloc(n);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    memset(m, 'a', n);
    check(m, n, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
    free(m);
}

/* Lengths around the padding boundaries (55/56 bytes: one or two final blocks; 64: exactly one
 * block). Expected digests from coreutils sha256sum on strings of 'x'. */
static void test_padding_boundaries(void)
{
    static const struct { size_t n; const char *hex; } cases[] = {
        {55, "d5e285683cd4efc02d021a5c62014694958901005d6f71e89e0989fac77e4072"},
        {56, "04c26261370ee7541549d16dee320c723e3fd14671e66a099afe0a377c16888e"},
        {63, "75220b47218278e656f2013bb8f0c455a25eaf01e86c64924e9d48d89776d6f2"},
        {64, "7ce100971f64e7001e8fe5a51973ecdfe1ced42befe7ee8d5fd6219506b5393c"},
        {65, "9537c5fdf120482f7d58d25e9ed583f52c02b4e304ea814db1633ad565aed7e9"},
    };
    char buf[65];
    memset(buf, 'x', sizeof buf);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        check(buf, cases[i].n, cases[i].hex);
}

void test_sha256_register(void);
void test_sha256_register(void)
{
    CU_pSuite s = CU_add_suite("sha256", NULL, NULL);
    CU_add_test(s, "NIST abc", test_nist_abc);
    CU_add_test(s, "NIST empty", test_nist_empty);
    CU_add_test(s, "NIST 448-bit", test_nist_448bit);
    CU_add_test(s, "NIST 896-bit", test_nist_896bit);
    CU_add_test(s, "NIST one million a", test_nist_million_a);
    CU_add_test(s, "padding boundaries", test_padding_boundaries);
}
