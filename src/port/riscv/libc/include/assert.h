/*
 * <assert.h> for the RISC-V port (no C library): a failed assertion prints where it failed on
 * the console and stops the firmware as a trap does (src/port/riscv/startup.c). Like every
 * <assert.h> it may be included again with NDEBUG changed.
 */
#undef assert
#ifdef NDEBUG
#define assert(expression) ((void)0)
#else
#define assert(expression)                                                                         \
    ((expression) ? (void)0 : riscv_assert_failed(#expression, __FILE__, __LINE__))
#endif

#ifndef FLASHMATE_RISCV_ASSERT_H
#define FLASHMATE_RISCV_ASSERT_H
#define static_assert _Static_assert
__attribute__((noreturn)) void riscv_assert_failed(const char *expression, const char *file,
                                                   int line);
#endif
