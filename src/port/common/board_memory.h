/* What the 32-bit boards' start-up shares (board_memory.c). */
#ifndef FLASHMATE_BOARD_MEMORY_H
#define FLASHMATE_BOARD_MEMORY_H

/* Copy .data from flash and zero .bss: the only initialisation of the program's state. */
void board_init_memory(void);

#endif
