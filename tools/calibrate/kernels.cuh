// kernels: the built-in microkernels of rtgpu-calibrate, one per class of the model
// (docs/model.md sec. 2: memory-intensive, hybrid, compute), each a grid-stride loop so that the
// same launch (same grid, same block) runs on every partition size, as a deployed kernel would.
#ifndef RTGPU_CALIBRATE_KERNELS_CUH
#define RTGPU_CALIBRATE_KERNELS_CUH

#include <cstddef>

// COPY: b = a, 16-byte vectors; 32 bytes moved per vector (read + write).
__global__ void mk_copy(const float4 *__restrict__ a, float4 *__restrict__ b, size_t n)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x)
        b[i] = a[i];
}

// SAXPY: y = s x + y; 12 bytes moved per element (two reads, one write).
__global__ void mk_saxpy(float s, const float *__restrict__ x, float *__restrict__ y, size_t n)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x)
        y[i] = s * x[i] + y[i];
}

// FMA (compute) and MIXED (hybrid): read one value, iters dependent FMAs in registers, write one
// value: 8 bytes moved per element. The result depends on every iteration, so the loop stays.
__global__ void mk_fma(const float *__restrict__ x, float *__restrict__ y, size_t n, int iters)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x) {
        float v = x[i], w = 0.5f;
        for (int k = 0; k < iters; k++) {
            v = fmaf(v, 0.999f, w);
            w = fmaf(w, 1.001f, 0.25f);
        }
        y[i] = v + w;
    }
}

#endif
