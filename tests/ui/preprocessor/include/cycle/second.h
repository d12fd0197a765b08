// second.h and first.h include each other with no include guard.
#include "first.h"
