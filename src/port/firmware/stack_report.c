/* The stack line every firmware image prints at the end of its run (firmware.h). */
#include "firmware.h"

#include "engine/text.h"
#include "port/port.h"

bool firmware_report_stack(const FlashText *prefix, const FlashText *over)
{
    char buf[96];
    size_t size, used = port_stack_used(&size);
    TextBuf t = text_buf(buf, sizeof buf);
    text_add(&t, prefix);
    text_add_u64(&t, used);
    text_add(&t, FM_TEXT(" of "));
    text_add_u64(&t, size);
    text_add(&t, FM_TEXT(" bytes used"));
    if (used > size)
        text_add(&t, over);
    text_add_char(&t, '\n');
    port_write(buf);
    return used <= size;
}
