#ifndef CPNGSHIM_H
#define CPNGSHIM_H
/* Placeholder: the imaging work fills this in. */
unsigned int CPNGShim_version(void);
#endif
