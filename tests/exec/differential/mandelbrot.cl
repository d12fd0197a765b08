// oclc-flags: -cl-std=CL1.2
// AMD SDK Mandelbrot: four pixels per work-item in float4 lanes with the
// unrolled z^2+c step, isless/select escape masks and a sin/cos palette, plus
// a scalar smooth-colouring variant with a bounded do/while escape loop.

#define MUL_ADD fma

#define IMG_WIDTH 64
#define IMG_HEIGHT 16
#define MAX_ITERATIONS 256u
#define POS_X (-2.0f)
#define POS_Y (-1.0f)
#define STEP_X (2.5f / IMG_WIDTH)
#define STEP_Y (2.0f / IMG_HEIGHT)

inline float jitter(uint bits)
{
    float x = as_float(bits);
    return isfinite(x) ? clamp(x, -32.0f, 32.0f) * (1.0f / 4096.0f) : 0.0f;
}

__kernel void mandelbrot_vector_float(__global uchar4 *out, __global const uint *in)
{
    const float posx = POS_X + jitter(in[0]);
    const float posy = POS_Y + jitter(in[1]);
    const float stepSizeX = STEP_X;
    const float stepSizeY = STEP_Y;
    const uint maxIterations = MAX_ITERATIONS;
    const int width = IMG_WIDTH;
    const int bench = 0;                      /* timing-only mode off */
    __global uchar4 *mandelbrotImage = out;

    for (int tid = get_global_id(0); tid < IMG_WIDTH * IMG_HEIGHT / 4; tid += get_global_size(0)) {
        int j = tid / (width / 4);
        int i = tid - j * (width / 4);

        int4 veci = (int4)(4 * i, 4 * i + 1, 4 * i + 2, 4 * i + 3);
        int4 vecj = (int4)(j, j, j, j);

        float4 x0;
        x0.s0 = (float)(posx + stepSizeX * (float)veci.s0);
        x0.s1 = (float)(posx + stepSizeX * (float)veci.s1);
        x0.s2 = (float)(posx + stepSizeX * (float)veci.s2);
        x0.s3 = (float)(posx + stepSizeX * (float)veci.s3);
        float4 y0 = (float4)(posy + stepSizeY * (float)vecj.s0);

        float4 x = x0;
        float4 y = y0;

        uint iter = 0;
        float4 tmp;
        int4 stay;
        int4 ccount = 0;

        stay = isless(x * x + y * y, (float4)4.0f);
        float4 savx = x;
        float4 savy = y;
        for (iter = 0; (stay.s0 | stay.s1 | stay.s2 | stay.s3) && (iter < maxIterations); iter += 16) {
            x = savx;
            y = savy;
            /* Two iterations, unrolled */
            tmp = MUL_ADD(-y, y, MUL_ADD(x, x, x0));
            y = MUL_ADD(2.0f * x, y, y0);
            x = MUL_ADD(-y, y, MUL_ADD(tmp, tmp, x0));
            y = MUL_ADD(2.0f * tmp, y, y0);

            stay = isless(x * x + y * y, (float4)4.0f);
            savx = select(savx, x, stay);
            savy = select(savy, y, stay);
            ccount -= stay * 16;
        }

        /* Colour: smooth-ish palette from iteration count */
        float4 fc = convert_float4(ccount);
        float4 c = 2.0f * M_PI_F * fc / (float)maxIterations;
        uchar4 col[4];
        col[0] = convert_uchar4_sat_rte((float4)(sin(c.s0), cos(c.s0), sin(2.0f * c.s0), 1.0f) * 127.5f + 127.5f);
        col[1] = convert_uchar4_sat_rte((float4)(sin(c.s1), cos(c.s1), sin(2.0f * c.s1), 1.0f) * 127.5f + 127.5f);
        col[2] = convert_uchar4_sat_rte((float4)(sin(c.s2), cos(c.s2), sin(2.0f * c.s2), 1.0f) * 127.5f + 127.5f);
        col[3] = convert_uchar4_sat_rte((float4)(sin(c.s3), cos(c.s3), sin(2.0f * c.s3), 1.0f) * 127.5f + 127.5f);

        for (int k = 0; k < 4; k++) {
            uchar4 v = (ccount[k] == (int)maxIterations) ? (uchar4)(0, 0, 0, 255) : col[k];
            mandelbrotImage[4 * tid + k] = bench ? (uchar4)(0) : v;
        }
    }
}

/* scalar variant with smooth polynomial colouring */
__kernel void mandelbrot_scalar_float(__global uchar4 *out, __global const uint *in)
{
    const uint maxIterations = 64u;
    const int width = IMG_WIDTH;
    const float posx = POS_X + jitter(in[3]), posy = POS_Y + jitter(in[4]);
    for (int tid = get_global_id(0); tid < IMG_WIDTH * IMG_HEIGHT; tid += get_global_size(0)) {
        int j = tid / width;
        int i = tid - j * width;
        float x0 = posx + STEP_X * (float)i;
        float y0 = posy + STEP_Y * (float)j;
        float x = x0, y = y0, x2 = x * x, y2 = y * y;
        uint iter = 0;
        do {
            y = fma(2.0f * x, y, y0);
            x = x2 - y2 + x0;
            x2 = x * x;
            y2 = y * y;
        } while (x2 + y2 <= 4.0f && ++iter < maxIterations);

        float t = (iter == maxIterations) ? 0.0f : (float)iter / maxIterations;
        uchar r = convert_uchar_sat(9.0f * (1.0f - t) * t * t * t * 255.0f);
        uchar g = convert_uchar_sat(15.0f * (1.0f - t) * (1.0f - t) * t * t * 255.0f);
        uchar b = convert_uchar_sat(8.5f * pown(1.0f - t, 3) * t * 255.0f);
        out[tid] = (uchar4)(r, g, b, 255);
    }
}
