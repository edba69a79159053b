/*
 * The cmocka subset of tests/mcu/cmocka.h: runs a group of tests, prints cmocka-style lines and
 * returns the number of failed tests (main returns it, the port makes it the exit status). Like
 * the firmware images it measures the stack the tests used and fails beyond the reserve.
 * No %zu or %ju: Debian's newlib printf lacks them (it has %ll).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include "cmocka.h"

#include <stdio.h>
#include <string.h>

#include "port/firmware/firmware.h"

/* Newlib's librdimon: opens the semihosting console behind stdin/stdout/stderr. */
void initialise_monitor_handles(void);

static jmp_buf test_exit;

void mcu_cmocka_fail(const char *file, int line, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vprintf(format, args);
    va_end(args);
    printf("\n%s:%d: error: Failure!\n", file, line);
    longjmp(test_exit, 1);
}

void mcu_cmocka_int_equal(uintmax_t a, uintmax_t b, const char *text_a, const char *text_b,
                          const char *file, int line)
{
    if (a != b)
        mcu_cmocka_fail(file, line, "%s (%llu, 0x%llx) != %s (%llu, 0x%llx)", text_a,
                        (unsigned long long)a, (unsigned long long)a, text_b, (unsigned long long)b,
                        (unsigned long long)b);
}

void mcu_cmocka_string_equal(const char *a, const char *b, const char *file, int line)
{
    if (strcmp(a, b) != 0)
        mcu_cmocka_fail(file, line, "\"%s\" != \"%s\"", a, b);
}

void mcu_cmocka_memory_equal(const void *a, const void *b, size_t size, const char *file, int line)
{
    const unsigned char *x = a, *y = b;
    for (size_t i = 0; i < size; i++)
        if (x[i] != y[i])
            mcu_cmocka_fail(file, line, "%lu bytes differ from byte %lu (0x%02x != 0x%02x)",
                            (unsigned long)size, (unsigned long)i, x[i], y[i]);
}

int mcu_cmocka_run_group_tests(const char *group, const struct CMUnitTest *tests, size_t count,
                               CMFixtureFunction setup, CMFixtureFunction teardown)
{
    void *state = NULL;
    volatile int failed = 0; /* kept across the longjmp of a failed test */
    port_stack_paint();
    initialise_monitor_handles();
    printf("[==========] %s: Running %lu test(s).\n", group, (unsigned long)count);
    if (setup && setup(&state) != 0) {
        printf("[  ERROR   ] %s: group setup failed\n", group);
        fflush(stdout);
        return 1;
    }
    for (size_t i = 0; i < count; i++) {
        printf("[ RUN      ] %s\n", tests[i].name);
        if (setjmp(test_exit) == 0) {
            tests[i].test_func(&state);
            printf("[       OK ] %s\n", tests[i].name);
        } else {
            printf("[  FAILED  ] %s\n", tests[i].name);
            failed++;
        }
    }
    if (teardown)
        teardown(&state);
    /* The image's linker script reserves a stack; using more may have overwritten the heap. */
    size_t stack_size, stack_used = port_stack_used(&stack_size);
    printf("[  STACK   ] %lu of %lu bytes used\n", (unsigned long)stack_used,
           (unsigned long)stack_size);
    if (stack_used > stack_size) {
        printf("[  FAILED  ] stack: more than the reserve\n");
        failed++;
    }
    printf("[==========] %s: %lu test(s) run.\n", group, (unsigned long)count);
    printf("[  PASSED  ] %lu test(s).\n", (unsigned long)count - (unsigned long)failed);
    if (failed)
        printf("[  FAILED  ] %d test(s).\n", failed);
    fflush(stdout);
    return failed;
}
