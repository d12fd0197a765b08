// oclc-flags: -cl-std=CL2.0
// E0317: `break` or `continue` outside a loop or switch; near misses:
// inside loops, `break` inside a switch.
kernel void k(global int *p) {
    break;
//  ^^^^^^ error[E0317]: `break` statement not in a loop or switch statement
    if (p[0])
        continue;
//      ^^^^^^^^^ error[E0317]: `continue` statement not in a loop statement
    for (int i = 0; i < 4; i++) {
        if (i == 1) continue;
        if (i == 2) break;
    }
    switch (p[0]) {
    case 0:
        break;
    }
}
