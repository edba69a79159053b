/*
 * The part of cmocka's API that tests/test_*.c use, for firmware test images: the same test
 * sources run on a board under its emulator (tests/firmware.cmake), where the real cmocka
 * library does not exist. Output goes through the C library's stdio (newlib + librdimon, i.e.
 * semihosting, on Cortex-M); a failed check longjmps out of its test, as cmocka does.
 * https://api.cmocka.org/
 *
 * Like <cmocka.h>, this expects <stdarg.h>, <stddef.h>, <setjmp.h> and <stdint.h> first.
 */
#ifndef FLASHMATE_MCU_CMOCKA_H
#define FLASHMATE_MCU_CMOCKA_H

#include <inttypes.h>
#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>

/* Debian's arm-none-eabi newlib <inttypes.h> sees GCC's own <stdint.h> and then leaves out the
 * 64-bit format macros; the tests print with them. int64_t is long long on every 32-bit target
 * (-Wformat checks each use). */
#if !defined(PRIx64) && defined(__arm__)
#define PRId64 "lld"
#define PRIu64 "llu"
#define PRIx64 "llx"
#endif

typedef void (*CMUnitTestFunction)(void **state);
typedef int (*CMFixtureFunction)(void **state);

struct CMUnitTest {
    const char *name;
    CMUnitTestFunction test_func;
};

/* clang-format off */
#define cmocka_unit_test(f) {#f, f}
/* clang-format on */

int mcu_cmocka_run_group_tests(const char *group, const struct CMUnitTest *tests, size_t count,
                               CMFixtureFunction setup, CMFixtureFunction teardown);
#define cmocka_run_group_tests(tests, setup, teardown)                                             \
    mcu_cmocka_run_group_tests(#tests, tests, sizeof(tests) / sizeof((tests)[0]), setup, teardown)

/* Report a failure of the running test and leave it. */
__attribute__((noreturn, format(printf, 3, 4))) void mcu_cmocka_fail(const char *file, int line,
                                                                     const char *format, ...);
#define fail_msg(...) mcu_cmocka_fail(__FILE__, __LINE__, __VA_ARGS__)
#define fail() mcu_cmocka_fail(__FILE__, __LINE__, "failed")

#define assert_true(c) ((c) ? (void)0 : mcu_cmocka_fail(__FILE__, __LINE__, "%s is not true", #c))
#define assert_false(c)                                                                            \
    (!(c) ? (void)0 : mcu_cmocka_fail(__FILE__, __LINE__, "%s is not false", #c))

void mcu_cmocka_int_equal(uintmax_t a, uintmax_t b, const char *text_a, const char *text_b,
                          const char *file, int line);
#define assert_int_equal(a, b)                                                                     \
    mcu_cmocka_int_equal((uintmax_t)(a), (uintmax_t)(b), #a, #b, __FILE__, __LINE__)

void mcu_cmocka_string_equal(const char *a, const char *b, const char *file, int line);
#define assert_string_equal(a, b) mcu_cmocka_string_equal((a), (b), __FILE__, __LINE__)

void mcu_cmocka_memory_equal(const void *a, const void *b, size_t size, const char *file, int line);
#define assert_memory_equal(a, b, size)                                                            \
    mcu_cmocka_memory_equal((a), (b), (size), __FILE__, __LINE__)

#endif
