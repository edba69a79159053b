/*
 * What the firmware programs in this folder need from a microcontroller port beyond
 * port/port.h: a stack meter, so that each image reports the stack it really used (the linker
 * script only reserves an estimate). Implemented by src/port/cortex-m/ and src/port/avr/.
 */
#ifndef FLASHMATE_PORT_FIRMWARE_H
#define FLASHMATE_PORT_FIRMWARE_H

#include <stdbool.h>
#include <stddef.h>

#include "flashmate/flash.h"

/* Fill the free part of the stack with a pattern; call first thing in main. */
void port_stack_paint(void);
/* The most stack used since port_stack_paint (the deepest byte that lost the pattern), and the
 * stack the image is guaranteed (*size): the linker script's reserve on Cortex-M, all RAM above
 * the static data on AVR. */
size_t port_stack_used(size_t *size);

/* "<prefix>N of M bytes used" on the console, followed by `over` if N is more than M (the
 * stack the image was guaranteed); returns whether it stayed within. stack_report.c */
bool firmware_report_stack(const FlashText *prefix, const FlashText *over);

#endif
