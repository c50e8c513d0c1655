/* sha256: SHA-256 digest of a byte buffer (FIPS 180-4), to fingerprint input files in reports. */
#ifndef RT_SHA256_H
#define RT_SHA256_H

#include <stddef.h>

/* Write the 32-byte digest of data[0..len) to out. */
void rt_sha256(const void *data, size_t len, unsigned char out[32]);
/* Write the digest as 64 lowercase hex digits and a NUL to hex (65 bytes). */
void rt_sha256_hex(const unsigned char digest[32], char hex[65]);

#endif
