/*
 * A program with no flashmate code, built with the same compiler and flags as flashmate: its
 * .init_array is the baseline that tests/scripts/check_rodata.cmake compares flashmate's against.
 */
int main(void) { return 0; }
