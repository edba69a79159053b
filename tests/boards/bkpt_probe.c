/* For the no-bkpt check's own test (tests/boards/firmware.cmake): a semihosting call's
 * instruction, so the check must reject this library. */
void bkpt_probe(void);
void bkpt_probe(void) { __asm__ volatile("bkpt 0xab"); }
