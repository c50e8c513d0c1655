/* analyzer: turn off one gcc -fanalyzer check (make analyze-gcc) around a function where it
 * reports a false positive, with a comment at the use saying why it is false. Nothing for other
 * compilers (clang would warn about the unknown option). Usage, around one function:
 *   RT_ANALYZER_OFF("-Wanalyzer-malloc-leak")  ...function...  RT_ANALYZER_ON */
#ifndef RT_ANALYZER_H
#define RT_ANALYZER_H

#if defined(__GNUC__) && !defined(__clang__)
#define RT_ANALYZER_PRAGMA(x) _Pragma(#x)
#define RT_ANALYZER_OFF(check) \
    _Pragma("GCC diagnostic push") RT_ANALYZER_PRAGMA(GCC diagnostic ignored check)
#define RT_ANALYZER_ON _Pragma("GCC diagnostic pop")
#else
#define RT_ANALYZER_OFF(check)
#define RT_ANALYZER_ON
#endif

#endif
