/*
 * STM32F405 (Netduino Plus 2, FLASHMATE_CHIP_STM32F4) and STM32F100 (STM32VLDISCOVERY,
 * FLASHMATE_CHIP_STM32F1): the clock tree, the console on USART1 and a millisecond clock from
 * SysTick. Register addresses and fields: RM0090 (STM32F405/415, 407/417, 427/437, 429/439) and
 * RM0041 (STM32F100xx value line).
 *
 * Clock: the chip's internal RC oscillator (HSI) through the PLL, to the highest core clock the
 * part allows, which is also the clock qemu-system-arm models for these machines:
 *   STM32F405  HSI 16 MHz / 16 * 336 / 2 = 168 MHz; AHB 168, APB1 42, APB2 84 MHz; flash 5 wait
 *              states with prefetch and caches (2.7-3.6 V)
 *   STM32F100  HSI 8 MHz / 2 * 6 = 24 MHz; AHB, APB1 and APB2 24 MHz; flash without wait states
 * No crystal is needed (HSI is factory-trimmed to 1 % at 25 C). The switch to the PLL is
 * requested at once: the RCC makes it when the PLL has locked (RM0090 6.2.6, RM0041 6.2.6);
 * start-up waits for it with a bound, because QEMU does not model the RCC (it reads as 0).
 *
 * Console: USART1, 115200 8N1, TX on PA9 and RX on PA10 (alternate function; AF7 on the F405).
 * qemu-system-arm connects USART1 to the first -serial. The receive interrupt hands every byte
 * to console_uart.c; an overrun (a byte lost on a busy core) is recorded there as a loss.
 *
 * Time: SysTick counts core cycles. Its 24-bit counter runs down from 2^24 - 1 at the core
 * clock; each wrap (every 99.9 ms at 168 MHz, 699 ms at 24 MHz) raises its interrupt, which
 * carries into a wrap count, and port_time_ms reads count and counter together. A tick every
 * millisecond would be simpler, but QEMU delivers timer interrupts late when its host is busy,
 * and ticks that fall due together are merged into one: measured, such a clock ran 35 % slow
 * under load. Read this way it stays exact unless an interrupt is held up for a whole wrap.
 */
#include <stdbool.h>
#include <stdint.h>

#include "cortex_m.h"
#include "port/port.h"

#if defined(FLASHMATE_CHIP_STM32F4)
enum {
    CORE_HZ = 168000000,
    PCLK2_HZ = 84000000, /* USART1 is on APB2 */
    RCC = 0x40023800,
    FLASH_IF = 0x40023C00,
    GPIOA = 0x40020000,
    USART1 = 0x40011000,
};
#elif defined(FLASHMATE_CHIP_STM32F1)
enum {
    CORE_HZ = 24000000,
    PCLK2_HZ = 24000000,
    RCC = 0x40021000,
    GPIOA = 0x40010800,
    USART1 = 0x40013800,
};
#else
// cppcheck-suppress preprocessorErrorDirective ; the build names the chip (cppcheck runs without)
#error "stm32.c needs FLASHMATE_CHIP_STM32F4 or FLASHMATE_CHIP_STM32F1"
#endif

#ifdef FLASHMATE_CORE_CLOCK_HZ
_Static_assert(FLASHMATE_CORE_CLOCK_HZ == CORE_HZ,
               "cmake/boards.cmake and stm32.c disagree about the core clock");
#endif

enum { BAUD = 115200, USART1_IRQ = 37 };

/* USART registers (the same on both parts) and their bits. */
#define USART_SR MMIO32(USART1 + 0x00u)
#define USART_DR MMIO32(USART1 + 0x04u)
#define USART_BRR MMIO32(USART1 + 0x08u)
#define USART_CR1 MMIO32(USART1 + 0x0Cu)
#define USART_CR2 MMIO32(USART1 + 0x10u)
#define USART_CR3 MMIO32(USART1 + 0x14u)
enum {
    SR_ORE = 1u << 3,
    SR_RXNE = 1u << 5,
    SR_TXE = 1u << 7,
    CR1_RE = 1u << 2,
    CR1_TE = 1u << 3,
    CR1_RXNEIE = 1u << 5,
    CR1_UE = 1u << 13,
};

/* SysTick (ARMv7-M), and the SysTick-pending bit of the interrupt control register. */
#define SYST_CSR MMIO32(0xE000E010u)
#define SYST_RVR MMIO32(0xE000E014u)
#define SYST_CVR MMIO32(0xE000E018u)
#define SCB_ICSR MMIO32(0xE000ED04u)
enum {
    SYST_ENABLE = 1u << 0,
    SYST_TICKINT = 1u << 1,
    SYST_CLKSOURCE_CORE = 1u << 2,
    SYST_MAX = 0xFFFFFF, /* the counter is 24 bits: it counts SYST_MAX ... 0, 2^24 cycles */
    ICSR_PENDSTSET = 1u << 26,
};

/* A bound for waiting on the clock switch: on the chip the PLL locks within about 0.1 ms
 * (a few hundred rounds at 16 MHz); under QEMU the bound ends the wait. */
enum { CLOCK_SWITCH_ROUNDS = 20000, TX_ROUNDS_BOUNDED = 1000000 };

#if defined(FLASHMATE_CHIP_STM32F4)
#define RCC_CR MMIO32(RCC + 0x00u)
#define RCC_PLLCFGR MMIO32(RCC + 0x04u)
#define RCC_CFGR MMIO32(RCC + 0x08u)
#define RCC_AHB1ENR MMIO32(RCC + 0x30u)
#define RCC_APB2ENR MMIO32(RCC + 0x44u)
#define FLASH_ACR MMIO32(FLASH_IF + 0x00u)
#define GPIOA_MODER MMIO32(GPIOA + 0x00u)
#define GPIOA_PUPDR MMIO32(GPIOA + 0x0Cu)
#define GPIOA_AFRH MMIO32(GPIOA + 0x24u)

static void clock_start(void)
{
    /* Flash: 5 wait states, prefetch, instruction and data caches, in place before the clock
     * rises (the read back makes sure; RM0090 3.5.1). */
    FLASH_ACR = 5u | 1u << 8 | 1u << 9 | 1u << 10;
    (void)FLASH_ACR;
    /* PLL from HSI (PLLSRC = 0): M = 16 (1 MHz in), N = 336 (VCO 336 MHz), P = 2 (PLLP = 0:
     * 168 MHz), Q = 7 (48 MHz). */
    const uint32_t pll_fields = 0x3Fu | 0x1FFu << 6 | 3u << 16 | 1u << 22 | 0xFu << 24;
    RCC_PLLCFGR = (RCC_PLLCFGR & ~pll_fields) | 16u | 336u << 6 | 7u << 24;
    /* AHB / 1, APB1 / 4 (42 MHz, at most 42), APB2 / 2 (84 MHz, at most 84): before the switch. */
    const uint32_t prescalers = 0xFu << 4 | 7u << 10 | 7u << 13;
    RCC_CFGR = (RCC_CFGR & ~prescalers) | 5u << 10 | 4u << 13;
    RCC_CR |= 1u << 24;               /* PLLON */
    RCC_CFGR = (RCC_CFGR & ~3u) | 2u; /* SW = PLL */
    for (int i = 0; i < CLOCK_SWITCH_ROUNDS && (RCC_CFGR >> 2 & 3u) != 2u; i++) {
    }
}

static void pins_start(void)
{
    RCC_AHB1ENR |= 1u << 0; /* GPIOA */
    RCC_APB2ENR |= 1u << 4; /* USART1 */
    (void)RCC_APB2ENR;      /* the clocks are on before the registers are written */
    /* PA9 = USART1_TX, PA10 = USART1_RX: alternate function 7; RX pulled up (idle high). */
    GPIOA_MODER = (GPIOA_MODER & ~(3u << 18 | 3u << 20)) | 2u << 18 | 2u << 20;
    GPIOA_PUPDR = (GPIOA_PUPDR & ~(3u << 20)) | 1u << 20;
    GPIOA_AFRH = (GPIOA_AFRH & ~(0xFu << 4 | 0xFu << 8)) | 7u << 4 | 7u << 8;
}
#else
#define RCC_CR MMIO32(RCC + 0x00u)
#define RCC_CFGR MMIO32(RCC + 0x04u)
#define RCC_APB2ENR MMIO32(RCC + 0x18u)
#define GPIOA_CRH MMIO32(GPIOA + 0x04u)
#define GPIOA_BSRR MMIO32(GPIOA + 0x10u)

static void clock_start(void)
{
    /* PLL from HSI / 2 (PLLSRC = 0), times 6 (PLLMUL = 0100); AHB, APB1, APB2 / 1. */
    const uint32_t fields = 0xFu << 4 | 7u << 8 | 7u << 11 | 1u << 16 | 1u << 17 | 0xFu << 18;
    RCC_CFGR = (RCC_CFGR & ~fields) | 4u << 18;
    RCC_CR |= 1u << 24;               /* PLLON */
    RCC_CFGR = (RCC_CFGR & ~3u) | 2u; /* SW = PLL */
    for (int i = 0; i < CLOCK_SWITCH_ROUNDS && (RCC_CFGR >> 2 & 3u) != 2u; i++) {
    }
}

static void pins_start(void)
{
    RCC_APB2ENR |= 1u << 2 | 1u << 14; /* IOPA, USART1 */
    (void)RCC_APB2ENR;
    /* PA9 = USART1_TX: alternate function push-pull, 50 MHz (0xB). PA10 = USART1_RX: input
     * with pull-up (0x8, and the output bit set selects up). */
    GPIOA_CRH = (GPIOA_CRH & ~(0xFu << 4 | 0xFu << 8)) | 0xBu << 4 | 0x8u << 8;
    GPIOA_BSRR = 1u << 10;
}
#endif

static void usart_start(void)
{
    /* Oversampling by 16: BRR = f / baud, rounded (its low 4 bits are the fraction). */
    USART_BRR = (PCLK2_HZ + BAUD / 2) / BAUD;
    USART_CR2 = 0;                                     /* 1 stop bit */
    USART_CR3 = 0;                                     /* no flow control */
    USART_CR1 = CR1_UE | CR1_TE | CR1_RE | CR1_RXNEIE; /* 8 data bits, no parity */
    nvic_enable(USART1_IRQ);
}

static volatile uint32_t systick_wraps;

static void systick_start(void)
{
    SYST_RVR = SYST_MAX;
    SYST_CVR = 0;
    SYST_CSR = SYST_CLKSOURCE_CORE | SYST_TICKINT | SYST_ENABLE;
}

void chip_start(void)
{
    clock_start();
    pins_start();
    usart_start();
    systick_start();
}

/* ---- Interrupts ---- */

void SysTick_Handler(void);
void SysTick_Handler(void) { systick_wraps = systick_wraps + 1; }

static void usart1_irq(void)
{
    for (;;) {
        uint32_t sr = USART_SR;
        if (!(sr & (SR_RXNE | SR_ORE)))
            return;
        if (!console_can_take()) {
            nvic_disable(USART1_IRQ); /* the byte stays in DR */
            return;
        }
        /* Reading SR then DR clears RXNE and ORE. On an overrun DR holds the last byte that
         * was received whole; the bytes after it are lost. */
        console_received((uint8_t)USART_DR);
        if (sr & SR_ORE)
            console_lost();
    }
}

void chip_uart_rx_resume(void) { nvic_enable(USART1_IRQ); }

/* The peripheral interrupts up to USART1 (37); the others are never enabled. */
#define F                                                                                          \
    {                                                                                              \
        .handler = Fault_Handler                                                                   \
    }
#define F4 F, F, F, F
#define F16 F4, F4, F4, F4
__attribute__((section(".isr_vector.irq"), used)) static const Vector irq_vectors[38] = {
    F16,
    F16,
    F4,
    F, /* 0-36 */
    {.handler = usart1_irq},
};
#undef F
#undef F4
#undef F16

/* ---- Console output and clock ---- */

void chip_uart_put(uint8_t byte)
{
    while (!(USART_SR & SR_TXE)) {
    }
    USART_DR = byte;
}

bool chip_uart_put_bounded(uint8_t byte)
{
    for (long i = 0; !(USART_SR & SR_TXE); i++)
        if (i == TX_ROUNDS_BOUNDED)
            return false;
    USART_DR = byte;
    return true;
}

static struct {
    bool reloaded;   /* the counter has been seen running */
    uint64_t latest; /* the latest count returned */
} clock;

/* Core cycles since start-up. With interrupts masked a wrap cannot be counted while we look, but
 * one may have happened: then the interrupt is pending, and the counter is read again after it.
 * Until its first reload, one clock after it is enabled (under QEMU: when the emulator gets round
 * to it, milliseconds later), the counter reads 0, which would pass for the end of a period: the
 * count is 0 until the counter has been seen running. The count never goes back, whatever an
 * emulator's timer does. */
static uint64_t cycles(void)
{
    uint32_t saved = irq_save();
    uint32_t wraps = systick_wraps, counter = SYST_CVR;
    if (SCB_ICSR & ICSR_PENDSTSET) {
        wraps++;
        counter = SYST_CVR;
    }
    uint64_t now = 0;
    if (clock.reloaded || wraps != 0 || counter != 0) {
        clock.reloaded = true;
        now = ((uint64_t)wraps << 24) + (SYST_MAX - counter);
    }
    if (now < clock.latest)
        now = clock.latest;
    clock.latest = now;
    irq_restore(saved);
    return now;
}

uint64_t port_time_ms(void) { return cycles() / (CORE_HZ / 1000); }
