/*
 * The thread part of port.h for boards: there are none, so a search runs on the one core.
 * Shared by the Cortex-M, RISC-V and AVR ports.
 */
#include "port/port.h"

PortThread *port_thread_start(void (*run)(void *arg), void *arg)
{
    (void)run;
    (void)arg;
    return NULL;
}

void port_thread_join(PortThread *thread) { (void)thread; }
