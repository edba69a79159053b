/*
 * Cortex-M start-up: the core's vector table, the reset handler and the fault handlers. Reset
 * copies .data from flash and zeroes .bss -- nothing else of the program's state: the tables are
 * const data used in place, and no constructors or initialisation functions exist. It then starts
 * the hardware the port uses (platform_start: clocks, UART, timer), runs main and hands its
 * return value to platform_stop (semihosting: the emulator's exit status; a board idles).
 * A fault prints its name and where it happened, then stops the same way.
 *
 * The chip's peripheral interrupts follow the 16 core entries: a chip file (stm32.c, nrf51.c)
 * puts its table in section .isr_vector.irq, which the linker script places right after this one.
 * The SysTick entry is the weak SysTick_Handler, which a chip using SysTick defines.
 *
 * The copy and the zeroing are src/port/common/board_memory.c's, shared with RISC-V.
 */
#include <stddef.h>
#include <stdint.h>

#include "cortex_m.h"
#include "port/common/board_memory.h"

/* Symbols of the linker script (src/port/cortex-m/sections.ld). */
extern uint32_t _estack[];

int main(void);

void Reset_Handler(void);
void Reset_Handler(void)
{
    board_init_memory();
    platform_start();
    platform_stop(main());
}

/* ---- Faults ---- */

static void add_hex(char *out, uint32_t value)
{
    static const char digits[] = "0123456789abcdef";
    out[0] = '0';
    out[1] = 'x';
    for (int i = 0; i < 8; i++)
        out[2 + i] = digits[(value >> (28 - 4 * i)) & 15u];
    out[10] = '\0';
}

static const char *exception_name(uint32_t number)
{
    switch (number) {
    case 2: return "NMI";
    case 3: return "HardFault";
    case 4: return "MemManage fault";
    case 5: return "BusFault";
    case 6: return "UsageFault";
    case 11: return "SVCall";
    case 12: return "DebugMonitor";
    case 14: return "PendSV";
    case 15: return "SysTick";
    default: return number >= 16 ? "unexpected interrupt" : "unexpected exception";
    }
}

/* Called by Fault_Handler with the stack the core pushed on exception entry: r0-r3, r12, lr, pc,
 * xPSR. Only the main stack is ever used (no threads), so that is where the frame is. */
void fault_report(const uint32_t *frame);
void fault_report(const uint32_t *frame)
{
    uint32_t number;
    __asm__ volatile("mrs %0, ipsr" : "=r"(number));
    number &= 0x1ffu;
    char hex[11];
    platform_fault_write("\n*** ");
    platform_fault_write(exception_name(number));
    platform_fault_write(" (exception ");
    char digits[4], *d = digits + sizeof digits - 1;
    *d = '\0';
    do
        *--d = (char)('0' + number % 10);
    while ((number /= 10) != 0);
    platform_fault_write(d);
    platform_fault_write(") at pc ");
    add_hex(hex, frame[6]);
    platform_fault_write(hex);
    platform_fault_write(", lr ");
    add_hex(hex, frame[5]);
    platform_fault_write(hex);
    platform_fault_write(": firmware stopped\n");
    platform_fault_stop();
}

/* Every fault and every exception nobody expects: pass the main stack pointer (the exception
 * frame) to fault_report. Naked: no prologue may move the stack pointer first. The literal load
 * reaches fault_report wherever the linker puts it (a Thumb-1 `b` reaches only 2 KB). */
__attribute__((naked)) void Fault_Handler(void)
{
    __asm__ volatile("mrs r0, msp\n\t"
                     "ldr r1, =fault_report\n\t"
                     "bx r1\n\t"
                     ".ltorg");
}

/* The default SysTick handler: a chip that starts SysTick defines its own. */
void SysTick_Handler(void) __attribute__((weak, alias("Fault_Handler")));

/* The 16 core exceptions of ARMv6-M/ARMv7-M. On the M0 the MemManage, BusFault and UsageFault
 * slots are reserved and never taken. */
__attribute__((section(".isr_vector"), used)) static const Vector vector_table[16] = {
    {.stack = _estack},
    {.handler = Reset_Handler},
    {.handler = Fault_Handler}, /* NMI */
    {.handler = Fault_Handler}, /* HardFault */
    {.handler = Fault_Handler}, /* MemManage */
    {.handler = Fault_Handler}, /* BusFault */
    {.handler = Fault_Handler}, /* UsageFault */
    {0},
    {0},
    {0},
    {0},
    {.handler = Fault_Handler}, /* SVCall */
    {.handler = Fault_Handler}, /* DebugMonitor */
    {0},
    {.handler = Fault_Handler}, /* PendSV */
    {.handler = SysTick_Handler},
};
