/* fig_kernel: a kernel's isolated scaling, C(k,n) and BW(k,n) against the partition size n, as
 * inline SVG. */
#include "report/fig_kernel.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "draw/axes.h"

#define KC_PANEL_W 400.0
#define KC_PANEL_H 250.0

static int kernel_panel(svg_writer *w, const rt_report *r, size_t k, double x0, bool bw)
{
    const model_kernel *mk = &r->m->kernels[k];
    size_t n = r->m->n_sizes;
    double lo = 0, hi = 0;
    for (size_t s = 0; s < n; s++) {
        double v = bw ? mk->table[s].bw_gbps : mk->table[s].cycles;
        hi = v > hi ? v : hi;
    }
    chart_frame f = { .x = x0 + 64, .y = 30, .w = KC_PANEL_W - 84, .h = KC_PANEL_H - 100 };
    if (axes_nice(0, (double)r->gpu->sms, 8, &f.xa) != 0 ||
        axes_nice(lo, hi, 5, &f.ya) != 0)
        return -1;
    axes_frame_draw(w, &f, "partition size n (SMs)", bw ? "BW(k,n) GB/s" : "C(k,n) cycles");
    double *xy = malloc((n ? 2 * n : 2) * sizeof *xy);
    if (!xy)
        return -1;
    for (size_t s = 0; s < n; s++) {
        xy[2 * s] = axes_px(&f, (double)mk->table[s].sms);
        xy[2 * s + 1] = axes_py(&f, bw ? mk->table[s].bw_gbps : mk->table[s].cycles);
    }
    const char *colour = bw ? "#0072B2" : "#D55E00";
    if (n >= 2)
        svg_polyline(w, xy, n, &(svg_style){ .fill = "none", .stroke = colour, .stroke_width = 2 },
                     NULL);
    for (size_t s = 0; s < n; s++) {
        const model_point *p = &mk->table[s];
        model_source src = bw ? p->bw_source : p->source;
        char tip[160];
        snprintf(tip, sizeof tip, "n = %" PRId64 ": %.6g %s (%s)", p->sms,
                 bw ? p->bw_gbps : p->cycles, bw ? "GB/s" : "cycles", model_source_name(src));
        if (src == MODEL_SRC_MEASURED)
            svg_circle(w, xy[2 * s], xy[2 * s + 1], 4.5,
                       &(svg_style){ .fill = "#000000", .stroke = "#FFFFFF", .stroke_width = 1 },
                       tip);
        else if (n <= 64)
            svg_circle(w, xy[2 * s], xy[2 * s + 1], 2, &(svg_style){ .fill = colour }, tip);
    }
    free(xy);
    return 0;
}

int fig_kernel_curves(xmlTextWriterPtr tw, const rt_report *r, size_t k)
{
    svg_writer *w = svg_new_in(tw, 2 * KC_PANEL_W, KC_PANEL_H);
    if (!w)
        return -1;
    int rc = kernel_panel(w, r, k, 0, false);
    if (rc == 0)
        rc = kernel_panel(w, r, k, KC_PANEL_W, true);
    const svg_style leg = { .font_size = 11, .fill = "#333333" };
    svg_circle(w, 70, KC_PANEL_H - 12, 4.5, &(svg_style){ .fill = "#000000" }, NULL);
    svg_text(w, 80, KC_PANEL_H - 8, "measured point; line and small dots: the model (eq. 4, "
             "floor at Ck(N), eq. 17)", &leg, NULL);
    int frc = svg_finish(w);
    svg_free(w);
    return rc ? rc : frc;
}
