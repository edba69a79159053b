/*
 * Cortex-M start-up: the vector table and the reset handler. Reset copies .data from flash and
 * zeroes .bss -- nothing else: the tables are const data used in place, and no constructors or
 * initialisation functions exist. main's return value becomes the emulator's exit status; a
 * fault prints its name and exits with 99 instead of hanging.
 *
 * The loops write through volatile pointers so that the compiler cannot turn them into memcpy /
 * memset calls, whatever the flags (with newlib's memcpy they would work, but start-up should
 * not depend on library code).
 */
#include <stddef.h>
#include <stdint.h>

#include "semihosting.h"

/* Symbols of the linker script (src/port/cortex-m/sections.ld). */
extern uint32_t _sidata[], _sdata[], _edata[], _sbss[], _ebss[], _estack[];

int main(void);

void Reset_Handler(void);
void Reset_Handler(void)
{
    /* The section bounds are separate objects to C: sizes come from their addresses as integers.
     * volatile keeps the compiler from turning the loops into memcpy/memset calls. */
    size_t data_words = ((uintptr_t)_edata - (uintptr_t)_sdata) / sizeof(uint32_t);
    size_t bss_words = ((uintptr_t)_ebss - (uintptr_t)_sbss) / sizeof(uint32_t);
    const uint32_t *src = _sidata;
    volatile uint32_t *data = _sdata, *bss = _sbss;
    for (size_t i = 0; i < data_words; i++)
        data[i] = src[i];
    for (size_t i = 0; i < bss_words; i++)
        bss[i] = 0;
    semihost_exit(main());
}

enum { EXIT_FAULT = 99 };

static void fault(const char *name)
{
    semihost_write0("\n*** ");
    semihost_write0(name);
    semihost_write0(": firmware stopped\n");
    semihost_exit(EXIT_FAULT);
}

static void NMI_Handler(void) { fault("NMI"); }
static void HardFault_Handler(void) { fault("HardFault"); }
static void MemManage_Handler(void) { fault("MemManage fault"); }
static void BusFault_Handler(void) { fault("BusFault"); }
static void UsageFault_Handler(void) { fault("UsageFault"); }
static void Unexpected_Handler(void) { fault("unexpected exception"); }

/* A vector table entry: the initial stack pointer, then handlers. A union keeps the table free of
 * object-to-function pointer casts. */
typedef union Vector {
    // cppcheck-suppress unusedStructMember ; written by the initialiser of vector_table, read by the core
    uint32_t *stack;
    // cppcheck-suppress unusedStructMember ; as above
    void (*handler)(void);
} Vector;

/* The 16 core exceptions of ARMv6-M/ARMv7-M; no peripheral interrupt is enabled. On the M0 the
 * MemManage, BusFault and UsageFault slots are reserved and never taken. */
__attribute__((section(".isr_vector"), used)) static const Vector vector_table[16] = {
    {.stack = _estack},
    {.handler = Reset_Handler},
    {.handler = NMI_Handler},
    {.handler = HardFault_Handler},
    {.handler = MemManage_Handler},
    {.handler = BusFault_Handler},
    {.handler = UsageFault_Handler},
    {0},
    {0},
    {0},
    {0},
    {.handler = Unexpected_Handler}, /* SVCall */
    {.handler = Unexpected_Handler}, /* DebugMonitor */
    {0},
    {.handler = Unexpected_Handler}, /* PendSV */
    {.handler = Unexpected_Handler}, /* SysTick */
};
