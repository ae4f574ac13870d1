/*
 * pith.h -- declarations shared by pith's fmgr glue files in src.
 * The pure C cores in src/core/ never include this file.
 */
#ifndef PITH_H
#define PITH_H

#endif							/* PITH_H */
