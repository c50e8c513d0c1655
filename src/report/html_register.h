/* html_register: the interference-channel register and the configuration record, the evidence report's last two sections. */
#ifndef RT_HTML_REGISTER_H
#define RT_HTML_REGISTER_H

#include "draw/xhtml.h"
#include "report/report.h"

/* The interference-channel register (html_register.c), section number; every task set. */
void html_register(xhtml *p, const rt_report *r, int number);

/* The configuration record the deployment must reproduce, section number; every task set. */
void html_register_configuration(xhtml *p, const rt_report *r, int number);

#endif
