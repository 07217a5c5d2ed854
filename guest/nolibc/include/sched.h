/* SPDX-License-Identifier: BSD-2-Clause */
/* <sched.h> for the nolibc guest build: all of ulib is in one header. */
#include "../ulib.h"
