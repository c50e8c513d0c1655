// rtgpu-calibrate: measure a real NVIDIA GPU and write the inputs of rtgpu-analyze
// (docs/calibration.md). Three subcommands:
//   gpu     -o GPU.xml       device properties, nominal and measured bandwidth, green-context sizes
//   kernels -o KERNELS.xml   the built-in microkernels timed on every legal partition size
//   corun   -o CORUN.csv     pairs and triples run concurrently on disjoint green contexts, plus
//                            the same layouts as task sets (CORUN.d/) for rtgpu-analyze
// Partitions are CUDA green contexts (driver API, CUDA 12.4+): cuDeviceGetDevResource,
// cuDevSmResourceSplitByCount, cuDevResourceGenerateDesc, cuGreenCtxCreate, cuGreenCtxStreamCreate.
// Kernels are launched with cuLaunchKernel on a green context's stream (the context comes from the
// stream), timed with events recorded on that stream. Every value written says how it was obtained.
#include <cuda.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

#include "kernels.cuh"

static const char *const prog = "rtgpu-calibrate";

// ------------------------------------------------------------------------- errors

static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: error: ", prog);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(3);
}

static void ck_cu(CUresult r, const char *what, int line)
{
    if (r == CUDA_SUCCESS)
        return;
    const char *s = nullptr;
    cuGetErrorString(r, &s);
    die("line %d: %s: %s (CUresult %d)", line, what, s ? s : "unknown error", (int)r);
}
#define CK(x) ck_cu((x), #x, __LINE__)

static void ck_rt(cudaError_t r, const char *what, int line)
{
    if (r != cudaSuccess)
        die("line %d: %s: %s", line, what, cudaGetErrorString(r));
}
#define CKRT(x) ck_rt((x), #x, __LINE__)

// ------------------------------------------------------------------------- options

struct options {
    const char *cmd = nullptr;
    const char *out = nullptr;
    int device = 0;
    int warmup = 10;          // launches discarded before timing
    int reps = 200;           // timed launches per (kernel, size)
    double duration_s = 2.0;  // corun: how long each layout runs back to back
    size_t elements = 1 << 25; // streaming kernels: elements (32 Mi floats = 128 MiB per buffer)
    long l2_banks = 0;        // gpu: --l2-banks N (0: table or ratio, see l2_banks_for)
    bool coscheduling = false; // keep the driver's SM co-scheduling (coarser partitions)
};

static void usage(FILE *f)
{
    fputs("Usage: rtgpu-calibrate gpu|kernels|corun -o FILE [options]\n"
          "  gpu -o GPU.xml        device properties, nominal bandwidth, measured saturation\n"
          "                        bandwidth, green-context partition sizes\n"
          "  kernels -o KERNELS.xml   microkernels (COPY, SAXPY, FMA, MIXED) timed on every\n"
          "                        legal partition size: <kernel> elements with <measured> points\n"
          "  corun -o CORUN.csv    pairs and triples on disjoint green contexts; writes the\n"
          "                        same layouts as task sets into CORUN.d/\n"
          "Options: --device N (0), --warmup N (10), --reps N (200), --duration SECONDS (2),\n"
          "  --elements N (33554432), --l2-banks N (gpu: the count, else a documented estimate),\n"
          "  --coscheduling (keep the driver's SM co-scheduling: coarser, cluster-capable sizes)\n"
          "Lock the clocks first (nvidia-smi -lgc) and run on an otherwise idle GPU.\n",
          f);
}

static long parse_long(const char *opt, const char *s, long lo, long hi)
{
    char *e;
    errno = 0;
    long v = strtol(s, &e, 10);
    if (!*s || *e || errno || v < lo || v > hi)
        die("%s \"%s\": expected a whole number from %ld to %ld", opt, s, lo, hi);
    return v;
}

static options parse_args(int argc, char **argv)
{
    options o;
    if (argc < 2) {
        usage(stderr);
        exit(2);
    }
    o.cmd = argv[1];
    if (!strcmp(o.cmd, "-h") || !strcmp(o.cmd, "--help")) {
        usage(stdout);
        exit(0);
    }
    if (strcmp(o.cmd, "gpu") && strcmp(o.cmd, "kernels") && strcmp(o.cmd, "corun")) {
        fprintf(stderr, "%s: unknown command \"%s\"\n", prog, o.cmd);
        usage(stderr);
        exit(2);
    }
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : nullptr;
        bool takes = strcmp(a, "--coscheduling") != 0;
        if (takes && !v) {
            fprintf(stderr, "%s: %s needs a value\n", prog, a);
            exit(2);
        }
        if (!strcmp(a, "-o"))
            o.out = v;
        else if (!strcmp(a, "--device"))
            o.device = (int)parse_long(a, v, 0, 1023);
        else if (!strcmp(a, "--warmup"))
            o.warmup = (int)parse_long(a, v, 0, 100000);
        else if (!strcmp(a, "--reps"))
            o.reps = (int)parse_long(a, v, 1, 1000000);
        else if (!strcmp(a, "--duration"))
            o.duration_s = (double)parse_long(a, v, 1, 3600);
        else if (!strcmp(a, "--elements"))
            o.elements = (size_t)parse_long(a, v, 1 << 16, 1L << 31);
        else if (!strcmp(a, "--l2-banks"))
            o.l2_banks = parse_long(a, v, 1, 1 << 20);
        else if (!strcmp(a, "--coscheduling"))
            o.coscheduling = true;
        else {
            fprintf(stderr, "%s: unknown option \"%s\"\n", prog, a);
            usage(stderr);
            exit(2);
        }
        i += takes;
    }
    if (!o.out) {
        fprintf(stderr, "%s: missing -o FILE\n", prog);
        exit(2);
    }
    return o;
}

// ------------------------------------------------------------------------- output

// A whole output file, written beside its target and renamed over it.
struct outfile {
    std::string path, tmp;
    FILE *f = nullptr;
};

static outfile out_open(const std::string &path)
{
    outfile o;
    o.path = path;
    o.tmp = path + ".tmp." + std::to_string((long)getpid());
    o.f = fopen(o.tmp.c_str(), "w");
    if (!o.f)
        die("cannot write %s: %s", o.tmp.c_str(), strerror(errno));
    return o;
}

static void out_commit(outfile &o)
{
    if (fflush(o.f) != 0 || fsync(fileno(o.f)) != 0 || fclose(o.f) != 0 ||
        rename(o.tmp.c_str(), o.path.c_str()) != 0)
        die("cannot write %s: %s", o.path.c_str(), strerror(errno));
    o.f = nullptr;
}

// Text made safe inside an XML comment ("--" is not allowed there) or a quoted attribute.
static std::string xml_safe(const char *s, bool attribute)
{
    std::string r;
    for (const char *p = s; *p; p++) {
        if (attribute && *p == '&') r += "&amp;";
        else if (attribute && *p == '<') r += "&lt;";
        else if (attribute && *p == '"') r += "&quot;";
        else if (!attribute && *p == '-' && p[1] == '-') r += "- ";
        else if ((unsigned char)*p < 0x20) r += ' ';
        else r += *p;
    }
    return r;
}

static std::string utc_now()
{
    char buf[32];
    time_t t = time(nullptr);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

// ------------------------------------------------------------------------- the device

struct device {
    CUdevice dev;
    CUcontext primary;
    char name[256];
    int sms, cc_major, cc_minor;
    double clock_mhz;          // CU_DEVICE_ATTRIBUTE_CLOCK_RATE (kHz) / 1000
    double mem_clock_mhz;      // CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE (kHz) / 1000
    int bus_width_bits;
    int l2_bytes;
    int threads_per_sm, blocks_per_sm, regs_per_sm, smem_per_sm, warp_size;
    int driver_version;
    unsigned split_flags;
    CUdevResource all_sms;     // the device's SM resource
};

static int attr(CUdevice d, CUdevice_attribute a)
{
    int v = 0;
    CK(cuDeviceGetAttribute(&v, a, d));
    return v;
}

static device open_device(const options &o)
{
    device d{};
    CK(cuInit(0));
    CK(cuDeviceGet(&d.dev, o.device));
    CK(cuDevicePrimaryCtxRetain(&d.primary, d.dev));
    CK(cuCtxSetCurrent(d.primary));
    CK(cuDeviceGetName(d.name, sizeof d.name, d.dev));
    CK(cuDriverGetVersion(&d.driver_version));
    d.sms = attr(d.dev, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
    d.cc_major = attr(d.dev, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
    d.cc_minor = attr(d.dev, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
    d.clock_mhz = attr(d.dev, CU_DEVICE_ATTRIBUTE_CLOCK_RATE) / 1000.0;
    d.mem_clock_mhz = attr(d.dev, CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE) / 1000.0;
    d.bus_width_bits = attr(d.dev, CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH);
    d.l2_bytes = attr(d.dev, CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE);
    d.threads_per_sm = attr(d.dev, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR);
    d.blocks_per_sm = attr(d.dev, CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR);
    d.regs_per_sm = attr(d.dev, CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR);
    d.smem_per_sm = attr(d.dev, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR);
    d.warp_size = attr(d.dev, CU_DEVICE_ATTRIBUTE_WARP_SIZE);
    if (d.cc_major < 6 || d.clock_mhz <= 0)
        die("device %d (%s): compute capability %d.%d or clock %g MHz not supported", o.device,
            d.name, d.cc_major, d.cc_minor, d.clock_mhz);
    d.split_flags = o.coscheduling ? 0u : (unsigned)CU_DEV_SM_RESOURCE_SPLIT_IGNORE_SM_COSCHEDULING;
    CK(cuDeviceGetDevResource(d.dev, &d.all_sms, CU_DEV_RESOURCE_TYPE_SM));
    return d;
}

// ------------------------------------------------------------------------- green contexts

// One partition: a green context of exactly `sms` SMs, its context handle and its stream.
struct partition {
    CUgreenCtx green = nullptr;
    CUcontext ctx = nullptr;
    CUstream stream = nullptr;
    unsigned sms = 0;
};

// Split the device's SMs into `count` disjoint groups of exactly n SMs each and make a green
// context with a stream for each. False (nothing created) when the driver cannot give exactly
// that (n not a legal size, or not enough SMs).
static bool parts_create(const device &d, unsigned n, unsigned count, std::vector<partition> &out)
{
    std::vector<CUdevResource> groups(count);
    unsigned nb = count;
    CUdevResource rest;
    CUdevResource input = d.all_sms;
    if (cuDevSmResourceSplitByCount(groups.data(), &nb, &input, &rest, d.split_flags, n) !=
            CUDA_SUCCESS || nb < count)
        return false;
    for (unsigned i = 0; i < count; i++)
        if (groups[i].sm.smCount != n)
            return false;
    out.assign(count, partition{});
    for (unsigned i = 0; i < count; i++) {
        CUdevResourceDesc desc;
        CK(cuDevResourceGenerateDesc(&desc, &groups[i], 1));
        CK(cuGreenCtxCreate(&out[i].green, desc, d.dev, CU_GREEN_CTX_DEFAULT_STREAM));
        CK(cuCtxFromGreenCtx(&out[i].ctx, out[i].green));
        CK(cuGreenCtxStreamCreate(&out[i].stream, out[i].green, CU_STREAM_NON_BLOCKING, 0));
        out[i].sms = n;
    }
    return true;
}

static void parts_destroy(std::vector<partition> &p)
{
    for (auto &x : p) {
        CK(cuStreamDestroy(x.stream));
        CK(cuGreenCtxDestroy(x.green));
    }
    p.clear();
}

// The whole GPU: the primary context and a stream of its own.
static partition whole_gpu(const device &d)
{
    partition p;
    p.ctx = d.primary;
    p.sms = (unsigned)d.sms;
    CK(cuCtxSetCurrent(d.primary));
    CK(cuStreamCreate(&p.stream, CU_STREAM_NON_BLOCKING));
    return p;
}

// Partition sizes below N that a green context gets exactly (one group of n SMs).
static std::vector<unsigned> legal_sizes(const device &d)
{
    std::vector<unsigned> sizes;
    for (unsigned n = 1; n < (unsigned)d.sms; n++) {
        CUdevResource g, rest, input = d.all_sms;
        unsigned nb = 1;
        if (cuDevSmResourceSplitByCount(&g, &nb, &input, &rest, d.split_flags, n) ==
                CUDA_SUCCESS && nb == 1 && g.sm.smCount == n)
            sizes.push_back(n);
    }
    return sizes;
}

static unsigned gcd_u(unsigned a, unsigned b)
{
    while (b) {
        unsigned t = a % b;
        a = b;
        b = t;
    }
    return a;
}

// ------------------------------------------------------------------------- microkernels

enum mk_kind { MK_COPY, MK_SAXPY, MK_FMA, MK_MIXED };

struct microkernel {
    const char *name;
    mk_kind kind;
    const char *what;
    int iters;                // FMA / MIXED: dependent FMA pairs per element
    double insts_per_elem;    // ESTIMATE of thread instructions per element, from the source
};

static const microkernel microkernels[] = {
    {"COPY", MK_COPY, "b = a over float4 vectors, 32 bytes per vector", 0, 8},
    {"SAXPY", MK_SAXPY, "y = s x + y, 12 bytes per element", 0, 10},
    {"FMA", MK_FMA, "4096 dependent FMAs per element in registers, 8 bytes per element", 2048,
     2 * 2048 + 12},
    {"MIXED", MK_MIXED, "48 dependent FMAs per element, 8 bytes per element", 24, 2 * 24 + 12},
};
static const size_t n_microkernels = sizeof microkernels / sizeof microkernels[0];

// Buffers of one microkernel in one context, and its launch shape.
struct mk_buffers {
    CUdeviceptr a = 0, b = 0;
    size_t n = 0;             // elements (float4 vectors for COPY)
    double bytes = 0;         // bytes moved per launch, by construction
    unsigned grid = 0, block = 256;
};

// Elements: the streaming kernels move `elements` floats; FMA and MIXED one element per thread of
// a grid that fills every SM of the whole GPU (8 blocks of 256 threads per SM).
static mk_buffers mk_alloc(const device &d, const microkernel &k, const partition &p,
                           size_t elements)
{
    mk_buffers b;
    CK(cuCtxSetCurrent(p.ctx));
    b.grid = (unsigned)d.sms * 8;
    size_t bytes_each;
    switch (k.kind) {
    case MK_COPY:
        b.n = elements / 4;
        bytes_each = b.n * sizeof(float4);
        b.bytes = 2.0 * (double)bytes_each;
        break;
    case MK_SAXPY:
        b.n = elements;
        bytes_each = b.n * sizeof(float);
        b.bytes = 3.0 * (double)bytes_each;
        break;
    default:
        b.n = (size_t)b.grid * b.block;
        bytes_each = b.n * sizeof(float);
        b.bytes = 2.0 * (double)bytes_each;
        break;
    }
    CK(cuMemAlloc(&b.a, bytes_each));
    CK(cuMemAlloc(&b.b, bytes_each));
    CK(cuMemsetD8(b.a, 0x3c, bytes_each));   // 0x3c3c3c3c: a finite float, about 0.0115
    CK(cuMemsetD8(b.b, 0x3c, bytes_each));
    return b;
}

static void mk_free(mk_buffers &b)
{
    CK(cuMemFree(b.a));
    CK(cuMemFree(b.b));
    b = mk_buffers{};
}

// The context-independent handle of each kernel (cudaGetKernel), launched with cuLaunchKernel on
// a green context's stream: the kernel runs in the stream's context, on its SMs only.
static CUfunction kernel_handle(mk_kind k)
{
    static cudaKernel_t h[3];   // looked up once: no runtime call between timed launches
    int i = k == MK_COPY ? 0 : k == MK_SAXPY ? 1 : 2;
    if (!h[i]) {
        switch (i) {
        case 0: CKRT(cudaGetKernel(&h[i], mk_copy)); break;
        case 1: CKRT(cudaGetKernel(&h[i], mk_saxpy)); break;
        default: CKRT(cudaGetKernel(&h[i], mk_fma)); break;
        }
    }
    return (CUfunction)(void *)h[i];
}

static void mk_launch(const microkernel &k, mk_buffers &b, CUstream s)
{
    float scale = 1.0001f;
    int iters = k.iters;
    void *copy_args[] = {&b.a, &b.b, &b.n};
    void *saxpy_args[] = {&scale, &b.a, &b.b, &b.n};
    void *fma_args[] = {&b.a, &b.b, &b.n, &iters};
    void **args = k.kind == MK_COPY ? copy_args : k.kind == MK_SAXPY ? saxpy_args : fma_args;
    CK(cuLaunchKernel(kernel_handle(k.kind), b.grid, 1, 1, b.block, 1, 1, 0, s, args, nullptr));
}

// ------------------------------------------------------------------------- timing

// Times of `reps` launches of k on p after `warmup` untimed ones, in ms (event resolution about
// 0.5 us), each launch between its own pair of events.
static std::vector<double> time_alone(const microkernel &k, mk_buffers &b, const partition &p,
                                      int warmup, int reps)
{
    CK(cuCtxSetCurrent(p.ctx));
    CUevent e0, e1;
    CK(cuEventCreate(&e0, CU_EVENT_DEFAULT));
    CK(cuEventCreate(&e1, CU_EVENT_DEFAULT));
    for (int i = 0; i < warmup; i++)
        mk_launch(k, b, p.stream);
    CK(cuStreamSynchronize(p.stream));
    std::vector<double> ms;
    for (int i = 0; i < reps; i++) {
        CK(cuEventRecord(e0, p.stream));
        mk_launch(k, b, p.stream);
        CK(cuEventRecord(e1, p.stream));
        CK(cuEventSynchronize(e1));
        float t = 0;
        CK(cuEventElapsedTime(&t, e0, e1));
        ms.push_back(t);
    }
    CK(cuEventDestroy(e0));
    CK(cuEventDestroy(e1));
    return ms;
}

struct timing {
    double min_ms, median_ms, max_ms;
    size_t runs;
};

static timing summarise(std::vector<double> ms)
{
    std::sort(ms.begin(), ms.end());
    return timing{ms.front(), ms[(ms.size() - 1) / 2], ms.back(), ms.size()};
}

// Whole nanoseconds, rounded up: a checked time is never made shorter than observed.
static long long ns_up(double ms)
{
    return (long long)std::ceil(ms * 1e6);
}

// ------------------------------------------------------------------------- gpu

// L2 banks: no driver attribute gives the slice count the paper calls banks (docs/profiling.md
// sec. 5). Order: --l2-banks; the one value this project documents (examples/gpus/h100-sxm.xml:
// 80 for a 132-SM compute capability 9.0 part, from the Accel-Sim configuration); else the
// paper's banks-to-SMs ratio 24/30 = 0.8 (RTX 2060, Table 1), rounded. The file says which.
static long l2_banks_for(const device &d, const options &o, std::string &source)
{
    if (o.l2_banks > 0) {
        source = "given on the command line (--l2-banks)";
        return o.l2_banks;
    }
    if (d.cc_major == 9 && d.cc_minor == 0 && d.sms == 132) {
        source = "ESTIMATE from the table of docs/calibration.md: 132-SM compute capability 9.0 "
                 "(H100 SXM5): 80, the Accel-Sim configuration's L2 sub-partitions, as in "
                 "examples/gpus/h100-sxm.xml; not a measurement";
        return 80;
    }
    source = "ESTIMATE: no table entry for this part; the paper's banks-to-SMs ratio 24/30 = 0.8 "
             "(RTX 2060, Table 1) times the SM count, rounded; not a measurement. Give the count "
             "with --l2-banks N if you know it";
    long b = std::lround(0.8 * d.sms);
    return b < 1 ? 1 : b;
}

static void cmd_gpu(const options &o)
{
    device d = open_device(o);
    std::vector<unsigned> sizes = legal_sizes(d);
    unsigned g = (unsigned)d.sms;
    for (unsigned n : sizes)
        g = gcd_u(g, n);
    double nominal = d.mem_clock_mhz * 1e6 * 2.0 * d.bus_width_bits / 8.0 / 1e9;
    // EMBW: COPY on all SMs, buffers at least 8 times the L2 so that it streams from DRAM.
    size_t elements = std::max(o.elements, (size_t)d.l2_bytes * 8 / sizeof(float));
    partition whole = whole_gpu(d);
    const microkernel &copy = microkernels[0];
    mk_buffers b = mk_alloc(d, copy, whole, elements);
    timing t = summarise(time_alone(copy, b, whole, o.warmup, o.reps));
    double embw = b.bytes / (t.min_ms * 1e-3) / 1e9;
    double bytes = b.bytes;
    mk_free(b);
    CK(cuStreamDestroy(whole.stream));
    std::string banks_src;
    long banks = l2_banks_for(d, o, banks_src);
    if (embw > nominal)
        fprintf(stderr, "%s: warning: the measured saturation %.2f GB/s exceeds the nominal "
                        "%.2f GB/s (L2 hits?); rtgpu-analyze refuses such a file: check the "
                        "measurement\n", prog, embw, nominal);
    outfile f = out_open(o.out);
    FILE *x = f.f;
    std::string name = xml_safe(d.name, false);
    fprintf(x, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!--\n");
    fprintf(x, "  Written by rtgpu-calibrate gpu on %s (driver %d.%d, device %d: %s).\n",
            utc_now().c_str(), d.driver_version / 1000, d.driver_version % 1000 / 10, o.device,
            name.c_str());
    fprintf(x, "  sms=\"%d\"  CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT.\n", d.sms);
    fprintf(x, "  clock-mhz=\"%.0f\"  CU_DEVICE_ATTRIBUTE_CLOCK_RATE (the driver's typical clock). "
               "Lock the clocks to it\n    (nvidia-smi -lgc) for every measurement, or kernel "
               "times and cycles disagree.\n", d.clock_mhz);
    fprintf(x, "  bw-nominal-gbps=\"%.2f\"  memory clock %.0f MHz (CU_DEVICE_ATTRIBUTE_MEMORY_"
               "CLOCK_RATE) x 2 (double data rate)\n    x %d-bit bus (CU_DEVICE_ATTRIBUTE_GLOBAL_"
               "MEMORY_BUS_WIDTH) / 8.\n", nominal, d.mem_clock_mhz, d.bus_width_bits);
    fprintf(x, "  bw-effective-gbps=\"%.2f\"  MEASURED: COPY (float4 b = a) on all %d SMs, %.0f "
               "bytes moved per launch\n    (buffers >= 8 x the %d-byte L2), %d warm-up and %zu "
               "timed launches; the largest bandwidth\n    (shortest launch %.4f ms; median "
               "%.4f ms, longest %.4f ms). Bytes requested / time, not an L2 counter.\n",
            embw, d.sms, bytes, d.l2_bytes, o.warmup, t.runs, t.min_ms, t.median_ms, t.max_ms);
    fprintf(x, "  l2-banks=\"%ld\"  %s.\n", banks, banks_src.c_str());
    fprintf(x, "  partition-granularity=\"%u\"  green contexts (cuDevSmResourceSplitByCount, "
               "flags %s) give exactly\n    these sizes below %d SMs:", g,
            o.coscheduling ? "0" : "IGNORE_SM_COSCHEDULING", d.sms);
    for (size_t i = 0; i < sizes.size(); i++)
        fprintf(x, "%s%s%u", i % 16 ? " " : "\n      ", "", sizes[i]);
    fprintf(x, "\n    (device SM resource: minSmPartitionSize %u, smCoscheduledAlignment %u "
               "without flags);\n    the granularity is the gcd of these sizes and %d.\n",
            d.all_sms.sm.minSmPartitionSize, d.all_sms.sm.smCoscheduledAlignment, d.sms);
    bool cc_known = (d.cc_major == 7 && d.cc_minor == 5) || (d.cc_major == 8 && d.cc_minor == 6) ||
                    (d.cc_major == 8 && d.cc_minor == 7) || (d.cc_major == 9 && d.cc_minor == 0);
    fprintf(x, "  <sm>: CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR, _MAX_BLOCKS_PER_"
               "MULTIPROCESSOR,\n    threads / warp size %d, _MAX_REGISTERS_PER_MULTIPROCESSOR, "
               "_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR;\n    compute capability %d.%d%s.\n",
            d.warp_size, d.cc_major, d.cc_minor,
            cc_known ? "" : " (not one rtgpu-analyze's <sm compute-capability> accepts: left out)");
    fprintf(x, "  launch-overhead, <model alpha>: not measured; the defaults (0 ns, 100) apply.\n"
               "-->\n");
    std::string aname = xml_safe(d.name, true);
    fprintf(x, "<gpu name=\"%s\" sms=\"%d\" clock-mhz=\"%.0f\" l2-banks=\"%ld\"\n"
               "     bw-nominal-gbps=\"%.2f\" bw-effective-gbps=\"%.2f\" "
               "partition-granularity=\"%u\">\n",
            aname.c_str(), d.sms, d.clock_mhz, banks, nominal, embw, g);
    fprintf(x, "  <sm threads=\"%d\" blocks=\"%d\" warps=\"%d\" registers=\"%d\" "
               "shared-memory=\"%d\"",
            d.threads_per_sm, d.blocks_per_sm, d.threads_per_sm / d.warp_size, d.regs_per_sm,
            d.smem_per_sm);
    if (cc_known)
        fprintf(x, " compute-capability=\"%d.%d\"", d.cc_major, d.cc_minor);
    fprintf(x, "/>\n</gpu>\n");
    out_commit(f);
}

// ------------------------------------------------------------------------- kernels

// What one microkernel measured: on all SMs and on each partition size.
struct profile {
    const microkernel *k;
    double bytes;
    timing full;
    std::vector<unsigned> sizes;
    std::vector<timing> at;
};

static double gbps(double bytes, double ms)
{
    return bytes / (ms * 1e-3) / 1e9;
}

static profile measure_profile(const device &d, const microkernel &k, const options &o,
                               const std::vector<unsigned> &sizes)
{
    profile pr;
    pr.k = &k;
    partition whole = whole_gpu(d);
    mk_buffers b = mk_alloc(d, k, whole, o.elements);
    pr.bytes = b.bytes;
    pr.full = summarise(time_alone(k, b, whole, o.warmup, o.reps));
    mk_free(b);
    CK(cuStreamDestroy(whole.stream));
    for (unsigned n : sizes) {
        std::vector<partition> p;
        if (!parts_create(d, n, 1, p))
            continue;
        mk_buffers pb = mk_alloc(d, k, p[0], o.elements);
        pr.sizes.push_back(n);
        pr.at.push_back(summarise(time_alone(k, pb, p[0], o.warmup, o.reps)));
        mk_free(pb);
        parts_destroy(p);
        fprintf(stderr, "%s: %s on %u SMs: max %.4f ms\n", prog, k.name, n, pr.at.back().max_ms);
    }
    return pr;
}

// <kernel> with the full-GPU profile and the measured points of the sizes in `only` (all when
// empty). time: the longest launch; bw-gbps: bytes / the shortest launch (the largest
// bandwidth); KAI and L2 accesses: estimates by construction (see the comment written).
static void write_kernel(FILE *x, const device &d, const profile &p,
                         const std::vector<unsigned> &only)
{
    const microkernel &k = *p.k;
    double sectors = p.bytes / 32.0;
    double insts = k.insts_per_elem * (p.bytes / (k.kind == MK_COPY ? 32.0 : k.kind == MK_SAXPY
                                                                                ? 12.0 : 8.0));
    double kai = insts / sectors / 1000.0;
    fprintf(x, "  <!-- %s: %s. Grid %u x 256, the same on every partition. Each value: %zu timed "
               "launches after the\n       warm-up ones, events around each launch; time = the "
               "longest, bw-gbps = bytes moved (%.0f, by\n       construction) / the shortest. "
               "All SMs: shortest %.4f, median %.4f, longest %.4f ms\n       (spread %.2f%%). "
               "l2-accesses = bytes / 32 (coalesced 32-byte sectors, BY CONSTRUCTION, not\n"
               "       counted); kai = ESTIMATE %.0f thread instructions per element (read from "
               "the source, not counted)\n       / l2-accesses / 1000. Replace both with ncu's "
               "smsp__thread_inst_executed.sum and\n       lts__t_sectors.sum (docs/profiling.md); "
               "every legal size is measured, so eq. 4 (the only use of\n       KAI) decides no "
               "C(k,n) here. -->\n",
            k.name, k.what, (unsigned)d.sms * 8, p.full.runs, p.bytes, p.full.min_ms,
            p.full.median_ms, p.full.max_ms,
            100.0 * (p.full.max_ms - p.full.min_ms) / p.full.min_ms, k.insts_per_elem);
    fprintf(x, "  <kernel name=\"%s\" time=\"%lldns\" bw-gbps=\"%.3f\" kai=\"%.6g\" "
               "l2-accesses=\"%.0f\">\n",
            k.name, ns_up(p.full.max_ms), gbps(p.bytes, p.full.min_ms), kai, sectors);
    for (size_t i = 0; i < p.sizes.size(); i++) {
        if (!only.empty() && std::find(only.begin(), only.end(), p.sizes[i]) == only.end())
            continue;
        const timing &t = p.at[i];
        fprintf(x, "    <measured sms=\"%u\" cycles=\"%.0f\" bw-gbps=\"%.3f\"/>  "
                   "<!-- %.4f / %.4f / %.4f ms, spread %.2f%% -->\n",
                p.sizes[i], std::ceil(t.max_ms * 1e3 * d.clock_mhz), gbps(p.bytes, t.min_ms),
                t.min_ms, t.median_ms, t.max_ms, 100.0 * (t.max_ms - t.min_ms) / t.min_ms);
    }
    fprintf(x, "  </kernel>\n");
}

// The container that makes the kernels a valid task set: one task per kernel, period 1 s (a
// placeholder: analyse the kernels in your own task sets), no partitions unless `parts` > 0.
static void write_tasks(FILE *x, const std::vector<const profile *> &ks, unsigned parts_sms)
{
    for (size_t i = 0; i < ks.size(); i++)
        fprintf(x, "  <task name=\"t%zu_%s\" period=\"1s\"><run kernel=\"%s\"/></task>\n", i,
                ks[i]->k->name, ks[i]->k->name);
    if (parts_sms)
        for (size_t i = 0; i < ks.size(); i++)
            fprintf(x, "  <partition name=\"P%zu\" sms=\"%u\"><task-ref name=\"t%zu_%s\"/>"
                       "</partition>\n", i, parts_sms, i, ks[i]->k->name);
}

static void write_header(FILE *x, const char *cmd, const device &d, const options &o)
{
    fprintf(x, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- Written by rtgpu-calibrate %s "
               "on %s: %s, %d SMs, clock %.0f MHz (cycles = ns x MHz / 1000),\n     driver "
               "%d.%d, %d warm-up and %d timed launches per value. Use with the GPU file of "
               "rtgpu-calibrate gpu. -->\n",
            cmd, utc_now().c_str(), xml_safe(d.name, false).c_str(), d.sms, d.clock_mhz,
            d.driver_version / 1000, d.driver_version % 1000 / 10, o.warmup, o.reps);
}

static void cmd_kernels(const options &o)
{
    device d = open_device(o);
    std::vector<unsigned> sizes = legal_sizes(d);
    std::vector<profile> ps;
    for (size_t i = 0; i < n_microkernels; i++)
        ps.push_back(measure_profile(d, microkernels[i], o, sizes));
    outfile f = out_open(o.out);
    write_header(f.f, "kernels", d, o);
    fprintf(f.f, "<taskset name=\"rtgpu-calibrate-kernels\">\n");
    std::vector<const profile *> all;
    for (auto &p : ps) {
        write_kernel(f.f, d, p, {});
        all.push_back(&p);
    }
    write_tasks(f.f, all, 0);
    fprintf(f.f, "</taskset>\n");
    out_commit(f);
}

// ------------------------------------------------------------------------- corun

// Run the kernels of `layout` back to back, each on its own partition, for duration_s; return
// each one's longest launch (ms) and its count. Launches are enqueued in batches of 16 per
// partition (all partitions before any wait), each between its own events.
static void corun_layout(const std::vector<const microkernel *> &layout,
                         std::vector<partition> &parts, std::vector<mk_buffers> &bufs,
                         const options &o, std::vector<double> &max_ms,
                         std::vector<size_t> &launches)
{
    const int B = 16;
    size_t k = layout.size();
    std::vector<std::vector<CUevent>> ev(k, std::vector<CUevent>(2 * B));
    for (size_t i = 0; i < k; i++) {
        CK(cuCtxSetCurrent(parts[i].ctx));
        for (auto &e : ev[i])
            CK(cuEventCreate(&e, CU_EVENT_DEFAULT));
        for (int w = 0; w < o.warmup; w++)
            mk_launch(*layout[i], bufs[i], parts[i].stream);
    }
    for (size_t i = 0; i < k; i++)
        CK(cuStreamSynchronize(parts[i].stream));
    max_ms.assign(k, 0.0);
    launches.assign(k, 0);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (;;) {
        for (int j = 0; j < B; j++)
            for (size_t i = 0; i < k; i++) {
                CK(cuEventRecord(ev[i][2 * j], parts[i].stream));
                mk_launch(*layout[i], bufs[i], parts[i].stream);
                CK(cuEventRecord(ev[i][2 * j + 1], parts[i].stream));
            }
        for (size_t i = 0; i < k; i++) {
            CK(cuStreamSynchronize(parts[i].stream));
            for (int j = 0; j < B; j++) {
                float t = 0;
                CK(cuEventElapsedTime(&t, ev[i][2 * j], ev[i][2 * j + 1]));
                max_ms[i] = std::max(max_ms[i], (double)t);
            }
            launches[i] += B;
        }
        clock_gettime(CLOCK_MONOTONIC, &t1);
        if ((double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec) >=
            o.duration_s)
            break;
    }
    for (size_t i = 0; i < k; i++)
        for (auto &e : ev[i])
            CK(cuEventDestroy(e));
}

// The largest legal size n with count * n <= N for which the driver gives count groups of n.
static unsigned corun_size(const device &d, const std::vector<unsigned> &sizes, unsigned count)
{
    for (size_t i = sizes.size(); i-- > 0;) {
        if (sizes[i] * count > (unsigned)d.sms)
            continue;
        std::vector<partition> p;
        if (parts_create(d, sizes[i], count, p)) {
            parts_destroy(p);
            return sizes[i];
        }
    }
    return 0;
}

static void cmd_corun(const options &o)
{
    device d = open_device(o);
    std::vector<unsigned> sizes = legal_sizes(d);
    unsigned n2 = corun_size(d, sizes, 2), n3 = corun_size(d, sizes, 3);
    if (!n2)
        die("the driver gives no two disjoint green contexts of equal size on %s", d.name);
    std::vector<unsigned> used{n2};
    if (n3 && n3 != n2)
        used.push_back(n3);
    std::vector<profile> ps;
    for (size_t i = 0; i < n_microkernels; i++)
        ps.push_back(measure_profile(d, microkernels[i], o, used));
    // layouts: pairs with repetition, triples without
    std::vector<std::vector<size_t>> layouts;
    for (size_t a = 0; a < n_microkernels; a++)
        for (size_t b = a; b < n_microkernels; b++)
            layouts.push_back({a, b});
    if (n3)
        for (size_t a = 0; a < n_microkernels; a++)
            for (size_t b = a + 1; b < n_microkernels; b++)
                for (size_t c = b + 1; c < n_microkernels; c++)
                    layouts.push_back({a, b, c});
    std::string dir = std::string(o.out);
    if (dir.size() > 4 && dir.compare(dir.size() - 4, 4, ".csv") == 0)
        dir.resize(dir.size() - 4);
    dir += ".d";
    if (mkdir(dir.c_str(), 0777) != 0 && errno != EEXIST)
        die("cannot create %s: %s", dir.c_str(), strerror(errno));
    outfile csv = out_open(o.out);
    fprintf(csv.f, "# Written by rtgpu-calibrate corun on %s: %s, %d SMs, driver %d.%d.\n"
                   "# Each layout runs its kernels back to back, each on its own green context, "
                   "for %.0f s;\n# time = the longest launch observed (ns, rounded up); "
                   "isolated_time = the longest of %d launches alone\n# on the same size; "
                   "slowdown = time / isolated_time. Check with:\n#   rtgpu-analyze "
                   "%s/all-kernels.xml --gpu GPU.xml --check-measurements %s\n"
                   "kernel,sms,corunners,time,isolated_time,slowdown,launches,layout\n",
            utc_now().c_str(), xml_safe(d.name, false).c_str(), d.sms, d.driver_version / 1000,
            d.driver_version % 1000 / 10, o.duration_s, o.reps, dir.c_str(), o.out);
    for (size_t li = 0; li < layouts.size(); li++) {
        const auto &L = layouts[li];
        unsigned n = L.size() == 2 ? n2 : n3;
        std::vector<partition> parts;
        if (!parts_create(d, n, (unsigned)L.size(), parts))
            die("cannot create %zu green contexts of %u SMs", L.size(), n);
        std::vector<const microkernel *> ks;
        std::vector<mk_buffers> bufs;
        for (size_t i = 0; i < L.size(); i++) {
            ks.push_back(&microkernels[L[i]]);
            bufs.push_back(mk_alloc(d, microkernels[L[i]], parts[i], o.elements));
        }
        std::vector<double> max_ms;
        std::vector<size_t> launches;
        corun_layout(ks, parts, bufs, o, max_ms, launches);
        for (size_t i = 0; i < L.size(); i++) {
            const profile &p = ps[L[i]];
            size_t at = (size_t)(std::find(p.sizes.begin(), p.sizes.end(), n) - p.sizes.begin());
            if (at == p.sizes.size())
                die("no isolated time of %s on %u SMs", ks[i]->name, n);
            std::string co;
            for (size_t j = 0; j < L.size(); j++)
                if (j != i)
                    co += (co.empty() ? "" : ";") + std::string(ks[j]->name) + "@" +
                          std::to_string(n);
            fprintf(csv.f, "%s,%u,%s,%lldns,%lldns,%.4f,%zu,layout-%02zu\n", ks[i]->name, n,
                    co.c_str(), ns_up(max_ms[i]), ns_up(p.at[at].max_ms),
                    max_ms[i] / p.at[at].max_ms, launches[i], li + 1);
        }
        for (auto &b : bufs)
            mk_free(b);
        parts_destroy(parts);
        // the layout as a task set: rtgpu-analyze -v gives its worst-case multipliers, and
        // --windows synchronous the paper's
        char name[64];
        snprintf(name, sizeof name, "/layout-%02zu.xml", li + 1);
        outfile x = out_open(dir + name);
        write_header(x.f, "corun", d, o);
        fprintf(x.f, "<taskset name=\"layout-%02zu\">\n", li + 1);
        std::vector<const profile *> lk;
        for (size_t i = 0; i < L.size(); i++) {
            if (std::find(L.begin(), L.begin() + (long)i, L[i]) == L.begin() + (long)i)
                write_kernel(x.f, d, ps[L[i]], {n});
            lk.push_back(&ps[L[i]]);
        }
        write_tasks(x.f, lk, n);
        fprintf(x.f, "</taskset>\n");
        out_commit(x);
        fprintf(stderr, "%s: layout %zu of %zu done\n", prog, li + 1, layouts.size());
    }
    out_commit(csv);
    outfile all = out_open(dir + "/all-kernels.xml");
    write_header(all.f, "corun", d, o);
    fprintf(all.f, "<taskset name=\"corun-kernels\">\n");
    std::vector<const profile *> ak;
    for (auto &p : ps) {
        write_kernel(all.f, d, p, {});
        ak.push_back(&p);
    }
    write_tasks(all.f, ak, 0);
    fprintf(all.f, "</taskset>\n");
    out_commit(all);
}

int main(int argc, char **argv)
{
    options o = parse_args(argc, argv);
    if (!strcmp(o.cmd, "gpu"))
        cmd_gpu(o);
    else if (!strcmp(o.cmd, "kernels"))
        cmd_kernels(o);
    else
        cmd_corun(o);
    return 0;
}
