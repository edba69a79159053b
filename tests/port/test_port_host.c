/*
 * The host port's memory for the transposition table: zeroed, at a cache line (a 32-byte hash
 * bucket never straddles two) or, from one huge page up, at a huge page, usable to its last
 * byte and freed whole; a request beyond the machine's memory is refused.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "port/port.h"

enum { CACHE_LINE = 64, HUGE_PAGE = 2 << 20 };

/* port_alloc(bytes): aligned to `alignment`, zeroed, and written through to its end. */
static void check_block(size_t bytes, uintptr_t alignment)
{
    unsigned char *memory = port_alloc(bytes);
    assert_non_null(memory);
    assert_int_equal((uintptr_t)memory % alignment, 0);
    for (size_t i = 0; i < bytes; i += bytes / 64 + 1)
        assert_int_equal(memory[i], 0);
    assert_int_equal(memory[bytes - 1], 0);
    for (size_t i = 0; i < bytes; i++)
        memory[i] = (unsigned char)i; /* AddressSanitizer: the whole block is ours */
    port_free(memory);
}

static void small_blocks_start_at_a_cache_line(void **state)
{
    (void)state;
    for (size_t bytes = 1; bytes <= 4096; bytes = bytes * 3 + 1)
        check_block(bytes, CACHE_LINE);
    check_block(HUGE_PAGE - 1, CACHE_LINE);
}

static void large_blocks_start_at_a_huge_page(void **state)
{
    (void)state;
    check_block(HUGE_PAGE, HUGE_PAGE);
    check_block((size_t)16 << 20, HUGE_PAGE); /* the default Hash */
}

static void impossible_requests_are_refused(void **state)
{
    (void)state;
    assert_null(port_alloc(0));
    assert_null(port_alloc(SIZE_MAX));
    assert_null(port_alloc(SIZE_MAX - CACHE_LINE / 2));
    port_free(NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(small_blocks_start_at_a_cache_line),
        cmocka_unit_test(large_blocks_start_at_a_huge_page),
        cmocka_unit_test(impossible_requests_are_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
