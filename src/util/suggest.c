/* suggest: "did you mean" for a misspelt name.
 *
 * Distance (optimal string alignment, Damerau 1964 / Levenshtein 1966 restricted so that no
 * substring is edited twice): d(i,j) over the first i bytes of a and j bytes of b,
 *   d(i,0) = i, d(0,j) = j,
 *   d(i,j) = min(d(i-1,j) + 1, d(i,j-1) + 1, d(i-1,j-1) + [a_i != b_j],
 *                d(i-2,j-2) + 1 if i,j >= 2 and a_i = b_(j-1) and a_(i-1) = b_j),
 * bytes compared after ASCII lower-casing. Three rows of RT_SUGGEST_MAX_LEN + 1 entries on the
 * stack: no allocation, at most 65 x 65 steps per candidate. */
#include "util/suggest.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "util/textesc.h"

static unsigned char lower(char c)
{
    unsigned char u = (unsigned char)c;
    return u >= 'A' && u <= 'Z' ? (unsigned char)(u - 'A' + 'a') : u;
}

static size_t min2(size_t x, size_t y)
{
    return x < y ? x : y;
}

size_t rt_suggest_distance(const char *a, const char *b)
{
    size_t na = strlen(a), nb = strlen(b);
    if (na > RT_SUGGEST_MAX_LEN || nb > RT_SUGGEST_MAX_LEN)
        return SIZE_MAX;
    size_t rows[3][RT_SUGGEST_MAX_LEN + 1];
    size_t *pp = rows[0], *prev = rows[1], *cur = rows[2];
    for (size_t j = 0; j <= nb; j++)
        prev[j] = j;
    for (size_t i = 1; i <= na; i++) {
        cur[0] = i;
        for (size_t j = 1; j <= nb; j++) {
            size_t sub = prev[j - 1] + (lower(a[i - 1]) != lower(b[j - 1]));
            size_t v = min2(min2(prev[j] + 1, cur[j - 1] + 1), sub);
            if (i >= 2 && j >= 2 && lower(a[i - 1]) == lower(b[j - 2]) &&
                lower(a[i - 2]) == lower(b[j - 1]))
                v = min2(v, pp[j - 2] + 1);
            cur[j] = v;
        }
        size_t *t = pp;
        pp = prev;
        prev = cur;
        cur = t;
    }
    return prev[nb];
}

void rt_suggest_init(rt_suggest *s, const char *word)
{
    s->word = word;
    s->best = NULL;
    s->cost = SIZE_MAX;
}

/* Equal but for ASCII case. */
static int same_but_case(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (lower(*a) != lower(*b))
            return 0;
    return *a == *b;
}

void rt_suggest_add(rt_suggest *s, const char *candidate)
{
    if (!candidate || s->cost == 0 || strcmp(candidate, s->word) == 0)
        return;
    size_t d = same_but_case(candidate, s->word) ? 0 : rt_suggest_distance(s->word, candidate);
    if (d < s->cost && d <= strlen(s->word) / 3) {
        s->best = candidate;
        s->cost = d;
    }
}

const char *rt_suggest_best(const rt_suggest *s)
{
    return s->best;
}

const char *rt_suggest_hint(const rt_suggest *s, char *buf, size_t size)
{
    const char *best = rt_suggest_best(s);
    char q[100];
    if (best)
        snprintf(buf, size, " (did you mean \"%s\"?)", rt_textesc_quote(best, q, sizeof q));
    else
        buf[0] = '\0';
    return buf;
}

const char *rt_suggest_among(const char *word, const char *const *words, char *buf, size_t size)
{
    rt_suggest sg;
    rt_suggest_init(&sg, word);
    for (; *words; words++)
        rt_suggest_add(&sg, *words);
    return rt_suggest_hint(&sg, buf, size);
}
