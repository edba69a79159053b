/* The games of this build (flashmate/games.h): the one list the protocol and the host program
 * choose from. */
#include "flashmate/games.h"

#include "engine/text.h"

const GameOps *const games[] = {
    &chess_game,
#ifdef FLASHMATE_XIANGQI
    &xiangqi_game,
#endif
    NULL,
};

const GameOps *games_find(const char *name)
{
    for (int i = 0; games[i]; i++)
        if (text_equals_ignoring_case(name, games[i]->name))
            return games[i];
    return NULL;
}
