// first.h and second.h include each other with no include guard.
#include "second.h"
