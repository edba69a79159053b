/*
 * Replay driver: a fuzz target with a main() instead of libFuzzer. Every file named on the
 * command line, and every file in every directory named (in name order), is passed once to
 * LLVMFuzzerTestOneInput. Built with the ordinary compiler, it checks the checked-in corpus
 * (and so every crash that became a corpus file) in every build.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int replayed;

static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "replay: cannot open %s\n", path);
        return 1;
    }
    size_t capacity = 4096, size = 0, n;
    uint8_t *data = malloc(capacity);
    while (data && (n = fread(data + size, 1, capacity - size, f)) > 0) {
        size += n;
        if (size == capacity) {
            uint8_t *bigger = realloc(data, capacity *= 2);
            if (!bigger)
                free(data);
            data = bigger;
        }
    }
    fclose(f);
    if (!data) {
        fprintf(stderr, "replay: out of memory reading %s\n", path);
        return 1;
    }
    /* An exact-size copy, so that a read past the input's end is caught by the sanitizers. */
    uint8_t *exact = malloc(size ? size : 1);
    if (!exact) {
        free(data);
        return 1;
    }
    memcpy(exact, data, size);
    free(data);
    LLVMFuzzerTestOneInput(exact, size);
    free(exact);
    replayed++;
    return 0;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int replay_directory(const char *path)
{
    DIR *dir = opendir(path);
    if (!dir) {
        fprintf(stderr, "replay: cannot open directory %s\n", path);
        return 1;
    }
    char **names = NULL;
    size_t count = 0, capacity = 0;
    struct dirent *entry;
    while ((entry = readdir(dir)) != NULL) {
        if (entry->d_name[0] == '.')
            continue;
        if (count == capacity) {
            capacity = capacity ? capacity * 2 : 64;
            char **bigger = realloc(names, capacity * sizeof *names);
            if (!bigger)
                abort();
            names = bigger;
        }
        size_t length = strlen(path) + strlen(entry->d_name) + 2;
        names[count] = malloc(length);
        if (!names[count])
            abort();
        snprintf(names[count++], length, "%s/%s", path, entry->d_name);
    }
    closedir(dir);
    qsort(names, count, sizeof *names, compare_names);
    int errors = 0;
    for (size_t i = 0; i < count; i++) {
        errors += replay_file(names[i]);
        free(names[i]);
    }
    free(names);
    return errors;
}

int main(int argc, char **argv)
{
    int errors = 0;
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE|DIRECTORY...\n", argv[0]);
        return 2;
    }
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            fprintf(stderr, "replay: no such file or directory: %s\n", argv[i]);
            errors++;
        } else if (S_ISDIR(st.st_mode)) {
            errors += replay_directory(argv[i]);
        } else {
            errors += replay_file(argv[i]);
        }
    }
    printf("replayed %d inputs, %d errors\n", replayed, errors);
    return errors || replayed == 0 ? 1 : 0;
}
