/*
 * The file part of port.h for boards without a file system: every open fails, so the engine
 * runs without an opening book. Shared by the Cortex-M and AVR ports.
 */
#include "port/port.h"

PortFile *port_file_open(const char *path)
{
    (void)path;
    return NULL;
}

bool port_file_size(PortFile *file, uint64_t *size)
{
    (void)file;
    (void)size;
    return false;
}

bool port_file_read(PortFile *file, uint64_t offset, void *buf, size_t bytes)
{
    (void)file;
    (void)offset;
    (void)buf;
    (void)bytes;
    return false;
}

void port_file_close(PortFile *file) { (void)file; }
