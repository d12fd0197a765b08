// Included with `<sys/config.h>` through `-I tests/ui/preprocessor/include`.
#define CONFIG_WIDTH 8
