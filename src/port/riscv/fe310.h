/*
 * The FE310 (SiFive HiFive1) registers the RISC-V port uses: addresses and bits from SiFive's
 * FE310-G000 manual, as QEMU's -M sifive_e models them (hw/riscv/sifive_e.c and the UART, PLIC,
 * CLINT and PRCI models).
 */
#ifndef FLASHMATE_PORT_FE310_H
#define FLASHMATE_PORT_FE310_H

#include <stdint.h>

#define FE310_REG(address) (*(volatile uint32_t *)(uintptr_t)(address))

/* ---- CLINT: mtime counts the real-time clock (rtcclk, 32.768 kHz on the FE310) ---- */
#define CLINT_MTIME_LO FE310_REG(0x0200BFF8u)
#define CLINT_MTIME_HI FE310_REG(0x0200BFFCu)

/* ---- PRCI: clock generation ---- */
#define PRCI_HFXOSCCFG FE310_REG(0x10008004u)
#define PRCI_PLLCFG FE310_REG(0x10008008u)
#define PRCI_PLLOUTDIV FE310_REG(0x1000800Cu)
#define PRCI_HFXOSC_EN (1u << 30)
#define PRCI_HFXOSC_READY (1u << 31)
#define PRCI_PLL_SEL (1u << 16)    /* hfclk from the PLL block (else from the ring oscillator) */
#define PRCI_PLL_REFSEL (1u << 17) /* the PLL block's reference is the crystal oscillator */
#define PRCI_PLL_BYPASS (1u << 18) /* the reference passes the PLL unchanged */
#define PRCI_PLLOUT_DIV_BY_1 (1u << 8)
/* The HiFive1's crystal: hfclk (the core and peripheral clock) once the port selects it. */
#define FE310_HFXOSC_HZ 16000000u

/* ---- GPIO: UART0's pins (GPIO 16 = RX, 17 = TX) are its I/O function 0 ---- */
#define GPIO_IOF_EN FE310_REG(0x10012038u)
#define GPIO_IOF_SEL FE310_REG(0x1001203Cu)
#define GPIO_UART0_PINS ((1u << 16) | (1u << 17))

/* ---- UART0 (the console; its pins are the HiFive1's USB serial port) ---- */
#define UART0_TXDATA FE310_REG(0x10013000u)
#define UART0_RXDATA FE310_REG(0x10013004u)
#define UART0_TXCTRL FE310_REG(0x10013008u)
#define UART0_RXCTRL FE310_REG(0x1001300Cu)
#define UART0_IE FE310_REG(0x10013010u)
#define UART0_IP FE310_REG(0x10013014u)
#define UART0_DIV FE310_REG(0x10013018u)
#define UART_TXDATA_FULL (1u << 31)  /* transmit FIFO full: do not write */
#define UART_RXDATA_EMPTY (1u << 31) /* receive FIFO empty: the low byte is not data */
#define UART_TXEN (1u << 0)
#define UART_RXEN (1u << 0)
#define UART_IE_RXWM (1u << 1)

/* ---- PLIC: one source per peripheral, hart 0 machine mode is context 0 ---- */
#define PLIC_PRIORITY(source) FE310_REG(0x0C000000u + 4u * (source))
#define PLIC_ENABLE_WORD0 FE310_REG(0x0C002000u)
#define PLIC_THRESHOLD FE310_REG(0x0C200000u)
#define PLIC_CLAIM FE310_REG(0x0C200004u)
#define PLIC_SOURCE_UART0 3u

/* ---- Machine-mode CSRs (mstatus, mie, mcause bits) ---- */
#define MSTATUS_MIE (1u << 3)
#define MIE_MEIE (1u << 11)           /* machine external interrupts (the PLIC) */
#define MCAUSE_INTERRUPT (1u << 31)   /* else an exception */
#define MCAUSE_MACHINE_EXTERNAL (11u) /* the exception code of a PLIC interrupt */

/* Read a CSR by name. The toolchain's -march is the multilib name rv32imac, without the Zicsr
 * suffix binutils 2.40 wants for CSR instructions; the asm enables it for itself. */
#define CSR_READ(csr)                                                                              \
    __extension__({                                                                                \
        uint32_t csr_value_;                                                                       \
        __asm__ volatile(".option push\n\t.option arch, +zicsr\n\tcsrr %0, " #csr                  \
                         "\n\t.option pop"                                                         \
                         : "=r"(csr_value_));                                                      \
        csr_value_;                                                                                \
    })
#define CSR_WRITE(csr, value)                                                                      \
    __asm__ volatile(".option push\n\t.option arch, +zicsr\n\tcsrw " #csr ", %0\n\t.option pop"    \
                     :                                                                             \
                     : "r"((uint32_t)(value))                                                      \
                     : "memory")
#define CSR_SET(csr, bits)                                                                         \
    __asm__ volatile(".option push\n\t.option arch, +zicsr\n\tcsrs " #csr ", %0\n\t.option pop"    \
                     :                                                                             \
                     : "r"((uint32_t)(bits))                                                       \
                     : "memory")
#define CSR_CLEAR(csr, bits)                                                                       \
    __asm__ volatile(".option push\n\t.option arch, +zicsr\n\tcsrc " #csr ", %0\n\t.option pop"    \
                     :                                                                             \
                     : "r"((uint32_t)(bits))                                                       \
                     : "memory")

#endif
