// oclc-flags: -cl-std=CL1.2
// cgminer/sgminer-style scrypt: SHA256_partial with RND/Ch/Maj macros over
// uint4 state halves, salsa20/8 on uint4[8] with .wxyz/.zwxy swizzles, and
// the lookup-gap scratchpad (scaled to N=16, held in local memory) ROMix core.

#ifndef WORKSIZE
#define WORKSIZE 16
#endif
#ifndef LOOKUP_GAP
#define LOOKUP_GAP 2
#endif
#define SCRYPT_N 16
#define CONCURRENT_THREADS WORKSIZE

#define CO Coord(z,x,y)
#define Coord(x,y,z) x+y*(x ## SIZE)+z*(y ## SIZE)*(x ## SIZE)

#define rotl(x,y) rotate(x,y)
#define Ch(x,y,z) bitselect(z,y,x)
#define Maj(x,y,z) Ch((x^z),y,z)

#define EndianSwap(n) (rotl(n & 0x00FF00FF, 24U) | rotl(n & 0xFF00FF00, 8U))

#define Tr2(x)		(rotl(x, 30U) ^ rotl(x, 19U) ^ rotl(x, 10U))
#define Tr1(x)		(rotl(x, 26U) ^ rotl(x, 21U) ^ rotl(x, 7U))
#define Wr2(x)		(rotl(x, 25U) ^ rotl(x, 14U) ^ (x>>3U))
#define Wr1(x)		(rotl(x, 15U) ^ rotl(x, 13U) ^ (x>>10U))

#define RND(a, b, c, d, e, f, g, h, k)	\
	h += Tr1(e);			\
	h += Ch(e, f, g);		\
	h += k;				\
	d += h;				\
	h += Tr2(a);			\
	h += Maj(a, b, c);

__constant uint ES[2] = { 0x00FF00FF, 0xFF00FF00 };
__constant uint K[] = {
	0x428a2f98U, 0x71374491U, 0xb5c0fbcfU, 0xe9b5dba5U,
	0x3956c25bU, 0x59f111f1U, 0x923f82a4U, 0xab1c5ed5U,
	0xd807aa98U, 0x12835b01U, 0x243185beU, 0x550c7dc3U,
	0x72be5d74U, 0x80deb1feU, 0x9bdc06a7U, 0xc19bf174U
};

void SHA256_partial(uint4 *restrict state0, uint4 *restrict state1, const uint4 block0, const uint4 block1, const uint4 block2, const uint4 block3)
{
	uint4 S0 = *state0;
	uint4 S1 = *state1;
	uint W[16];
	W[0] = block0.x; W[1] = block0.y; W[2] = block0.z; W[3] = block0.w;
	W[4] = block1.x; W[5] = block1.y; W[6] = block1.z; W[7] = block1.w;
	W[8] = block2.x; W[9] = block2.y; W[10] = block2.z; W[11] = block2.w;
	W[12] = block3.x; W[13] = block3.y; W[14] = block3.z; W[15] = block3.w;

#define A S0.x
#define B S0.y
#define C S0.z
#define D S0.w
#define E S1.x
#define F S1.y
#define G S1.z
#define H S1.w
	for (uint i = 0; i < 16; i += 8) {
		RND(A,B,C,D,E,F,G,H, W[i+0] + K[(i+0)&15]);
		RND(H,A,B,C,D,E,F,G, W[i+1] + K[(i+1)&15]);
		RND(G,H,A,B,C,D,E,F, W[i+2] + K[(i+2)&15]);
		RND(F,G,H,A,B,C,D,E, W[i+3] + K[(i+3)&15]);
		RND(E,F,G,H,A,B,C,D, W[i+4] + K[(i+4)&15]);
		RND(D,E,F,G,H,A,B,C, W[i+5] + K[(i+5)&15]);
		RND(C,D,E,F,G,H,A,B, W[i+6] + K[(i+6)&15]);
		RND(B,C,D,E,F,G,H,A, W[i+7] + K[(i+7)&15]);
	}
#undef A
#undef B
#undef C
#undef D
#undef E
#undef F
#undef G
#undef H
	*state0 += S0;
	*state1 += S1;
}

void salsa(uint4 B[8])
{
	uint4 w[4];

	w[0] = (B[0] ^= B[4]);
	w[1] = (B[1] ^= B[5]);
	w[2] = (B[2] ^= B[6]);
	w[3] = (B[3] ^= B[7]);

#pragma unroll 4
	for (uint i = 0; i < 4; ++i) {
		w[0] ^= rotl(w[3]     + w[2]    , 7U);
		w[1] ^= rotl(w[0]     + w[3]    , 9U);
		w[2] ^= rotl(w[1]     + w[0]    , 13U);
		w[3] ^= rotl(w[2]     + w[1]    , 18U);
		w[2] ^= rotl(w[3].wxyz + w[0].zwxy, 7U);
		w[1] ^= rotl(w[2].wxyz + w[3].zwxy, 9U);
		w[0] ^= rotl(w[1].wxyz + w[2].zwxy, 13U);
		w[3] ^= rotl(w[0].wxyz + w[1].zwxy, 18U);
	}

	w[0] = (B[4] ^= (B[0] += w[0]));
	w[1] = (B[5] ^= (B[1] += w[1]));
	w[2] = (B[6] ^= (B[2] += w[2]));
	w[3] = (B[7] ^= (B[3] += w[3]));

#pragma unroll 4
	for (uint i = 0; i < 4; ++i) {
		w[0] ^= rotl(w[3]     + w[2]    , 7U);
		w[1] ^= rotl(w[0]     + w[3]    , 9U);
		w[2] ^= rotl(w[1]     + w[0]    , 13U);
		w[3] ^= rotl(w[2]     + w[1]    , 18U);
		w[2] ^= rotl(w[3].wxyz + w[0].zwxy, 7U);
		w[1] ^= rotl(w[2].wxyz + w[3].zwxy, 9U);
		w[0] ^= rotl(w[1].wxyz + w[2].zwxy, 13U);
		w[3] ^= rotl(w[0].wxyz + w[1].zwxy, 18U);
	}

	B[4] += w[0];
	B[5] += w[1];
	B[6] += w[2];
	B[7] += w[3];
}

#define SCRATCHPAD_SIZE (SCRYPT_N / LOOKUP_GAP + (SCRYPT_N % LOOKUP_GAP > 0))
#define ySIZE SCRATCHPAD_SIZE
#define xSIZE CONCURRENT_THREADS
#define zSIZE 8

void scrypt_core(uint4 X[8], __local uint4 *restrict lookup)
{
	const uint x = get_local_id(0) % CONCURRENT_THREADS;
	uint y, z;

	for (y = 0; y < SCRYPT_N / LOOKUP_GAP; ++y) {
		for (z = 0; z < zSIZE; ++z)
			lookup[CO] = X[z];
		for (uint i = 0; i < LOOKUP_GAP; ++i)
			salsa(X);
	}
#if (LOOKUP_GAP != 1) && (LOOKUP_GAP != 2) && (LOOKUP_GAP != 4) && (LOOKUP_GAP != 8)
	{
		y = (SCRYPT_N / LOOKUP_GAP);
		for (z = 0; z < zSIZE; ++z)
			lookup[CO] = X[z];
		for (uint i = 0; i < SCRYPT_N % LOOKUP_GAP; ++i)
			salsa(X);
	}
#endif
	for (uint i = 0; i < SCRYPT_N; ++i) {
		uint4 V[8];
		uint j = X[7].x & (SCRYPT_N - 1);
		y = (j / LOOKUP_GAP);
		for (z = 0; z < zSIZE; ++z)
			V[z] = lookup[CO];
		uint val = j % LOOKUP_GAP;
		for (uint k = 0; k < val; ++k)
			salsa(V);
		for (z = 0; z < zSIZE; ++z)
			X[z] ^= V[z];
		salsa(X);
	}
}

/* out layout (uint4): [0].x = share count, [1 + gid] = final state tstate0 ^ tstate1 */
__attribute__((reqd_work_group_size(WORKSIZE, 1, 1)))
__kernel void search(__global uint4 *out, __global const uint4 *in)
{
	__local uint4 padcache[xSIZE * ySIZE * zSIZE];
	__global const uint4 *input = in;
	volatile __global uint *output = (volatile __global uint *)out;
	const uint4 midstate0 = in[8], midstate16 = in[9];
	const uint target = in[10].x >> 4;

	uint gid = get_global_id(0);
	uint4 X[8];
	uint4 tstate0 = midstate0, tstate1 = midstate16;
	uint4 data = (uint4)(input[4].x, input[4].y, input[4].z, gid);

	SHA256_partial(&tstate0, &tstate1, data, (uint4)(0x80000000U, 0, 0, 0), (uint4)0, (uint4)(0, 0, 0, 0x280));

#pragma unroll
	for (uint i = 0; i < 8; ++i) {
		uint4 t = (i & 1) ? tstate1 : tstate0;
		X[i] = EndianSwap(t ^ (uint4)(i * 0x01010101U));
	}

	scrypt_core(X, padcache);

	uint4 r0 = X[0] ^ X[2] ^ X[4] ^ X[6];
	uint4 r1 = X[1] ^ X[3] ^ X[5] ^ X[7];
	SHA256_partial(&tstate0, &tstate1, r0, r1, r0.wzyx, r1.yxwz);

	out[1 + gid] = tstate0 ^ tstate1;
	bool result = (EndianSwap(tstate1.w) <= target);
	if (result)
		atomic_inc(&output[0]);
}
