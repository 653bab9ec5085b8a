#ifndef CJPEGSHIM_H
#define CJPEGSHIM_H
/* Placeholder: the imaging work fills this in. */
int CJPEGShim_version(void);
#endif
