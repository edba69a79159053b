/* For the no-ebreak check's own test (tests/boards/firmware.cmake): GCC compiles
 * __builtin_trap() to ebreak on RISC-V, so the check must reject this library. */
void ebreak_probe(void);
void ebreak_probe(void) { __builtin_trap(); }
