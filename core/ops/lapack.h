// The LAPACK routines the linear-algebra ops call, declared here: OpenBLAS
// (already linked for the BLAS) exports them, so no other package is needed.
// Lapack<T> picks the float (s) or double (d) routine. Matrices are
// column-major, as LAPACK has them; the ops copy row-major matrices in and
// out (linalg_util.h). Every routine reports through `info`, which the
// caller checks.
#pragma once

#include <cstddef>

extern "C" {
// The trailing size_t arguments are the hidden lengths of the Fortran
// character arguments (each 1 here).
void sgetrf_(const int* m, const int* n, float* a, const int* lda, int* ipiv, int* info);
void dgetrf_(const int* m, const int* n, double* a, const int* lda, int* ipiv, int* info);
void sgetrs_(const char* trans, const int* n, const int* nrhs, const float* a, const int* lda,
             const int* ipiv, float* b, const int* ldb, int* info, size_t);
void dgetrs_(const char* trans, const int* n, const int* nrhs, const double* a, const int* lda,
             const int* ipiv, double* b, const int* ldb, int* info, size_t);
void spotrf_(const char* uplo, const int* n, float* a, const int* lda, int* info, size_t);
void dpotrf_(const char* uplo, const int* n, double* a, const int* lda, int* info, size_t);
void spotrs_(const char* uplo, const int* n, const int* nrhs, const float* a, const int* lda,
             float* b, const int* ldb, int* info, size_t);
void dpotrs_(const char* uplo, const int* n, const int* nrhs, const double* a, const int* lda,
             double* b, const int* ldb, int* info, size_t);
void strtrs_(const char* uplo, const char* trans, const char* diag, const int* n, const int* nrhs,
             const float* a, const int* lda, float* b, const int* ldb, int* info, size_t, size_t,
             size_t);
void dtrtrs_(const char* uplo, const char* trans, const char* diag, const int* n, const int* nrhs,
             const double* a, const int* lda, double* b, const int* ldb, int* info, size_t,
             size_t, size_t);
void sgeqrf_(const int* m, const int* n, float* a, const int* lda, float* tau, float* work,
             const int* lwork, int* info);
void dgeqrf_(const int* m, const int* n, double* a, const int* lda, double* tau, double* work,
             const int* lwork, int* info);
void sorgqr_(const int* m, const int* n, const int* k, float* a, const int* lda, const float* tau,
             float* work, const int* lwork, int* info);
void dorgqr_(const int* m, const int* n, const int* k, double* a, const int* lda,
             const double* tau, double* work, const int* lwork, int* info);
void sgesdd_(const char* jobz, const int* m, const int* n, float* a, const int* lda, float* s,
             float* u, const int* ldu, float* vt, const int* ldvt, float* work, const int* lwork,
             int* iwork, int* info, size_t);
void dgesdd_(const char* jobz, const int* m, const int* n, double* a, const int* lda, double* s,
             double* u, const int* ldu, double* vt, const int* ldvt, double* work,
             const int* lwork, int* iwork, int* info, size_t);
void ssyevd_(const char* jobz, const char* uplo, const int* n, float* a, const int* lda, float* w,
             float* work, const int* lwork, int* iwork, const int* liwork, int* info, size_t,
             size_t);
void dsyevd_(const char* jobz, const char* uplo, const int* n, double* a, const int* lda,
             double* w, double* work, const int* lwork, int* iwork, const int* liwork, int* info,
             size_t, size_t);
void sgeev_(const char* jobvl, const char* jobvr, const int* n, float* a, const int* lda,
            float* wr, float* wi, float* vl, const int* ldvl, float* vr, const int* ldvr,
            float* work, const int* lwork, int* info, size_t, size_t);
void dgeev_(const char* jobvl, const char* jobvr, const int* n, double* a, const int* lda,
            double* wr, double* wi, double* vl, const int* ldvl, double* vr, const int* ldvr,
            double* work, const int* lwork, int* info, size_t, size_t);
void sgelsy_(const int* m, const int* n, const int* nrhs, float* a, const int* lda, float* b,
             const int* ldb, int* jpvt, const float* rcond, int* rank, float* work,
             const int* lwork, int* info);
void dgelsy_(const int* m, const int* n, const int* nrhs, double* a, const int* lda, double* b,
             const int* ldb, int* jpvt, const double* rcond, int* rank, double* work,
             const int* lwork, int* info);
void sgelsd_(const int* m, const int* n, const int* nrhs, float* a, const int* lda, float* b,
             const int* ldb, float* s, const float* rcond, int* rank, float* work,
             const int* lwork, int* iwork, int* info);
void dgelsd_(const int* m, const int* n, const int* nrhs, double* a, const int* lda, double* b,
             const int* ldb, double* s, const double* rcond, int* rank, double* work,
             const int* lwork, int* iwork, int* info);
void sgelss_(const int* m, const int* n, const int* nrhs, float* a, const int* lda, float* b,
             const int* ldb, float* s, const float* rcond, int* rank, float* work,
             const int* lwork, int* info);
void dgelss_(const int* m, const int* n, const int* nrhs, double* a, const int* lda, double* b,
             const int* ldb, double* s, const double* rcond, int* rank, double* work,
             const int* lwork, int* info);
void sgels_(const char* trans, const int* m, const int* n, const int* nrhs, float* a,
            const int* lda, float* b, const int* ldb, float* work, const int* lwork, int* info,
            size_t);
void dgels_(const char* trans, const int* m, const int* n, const int* nrhs, double* a,
            const int* lda, double* b, const int* ldb, double* work, const int* lwork, int* info,
            size_t);
}

namespace paddle {
namespace ops {

template <typename T>
struct Lapack;

// One overload set per type; the argument lists are LAPACK's.
#define PD_LAPACK_TYPE(T, P)                                                                    \
  template <>                                                                                   \
  struct Lapack<T> {                                                                            \
    static void getrf(int m, int n, T* a, int lda, int* ipiv, int* info) {                      \
      P##getrf_(&m, &n, a, &lda, ipiv, info);                                                   \
    }                                                                                           \
    static void getrs(char trans, int n, int nrhs, const T* a, int lda, const int* ipiv, T* b,  \
                      int ldb, int* info) {                                                     \
      P##getrs_(&trans, &n, &nrhs, a, &lda, ipiv, b, &ldb, info, 1);                            \
    }                                                                                           \
    static void potrf(char uplo, int n, T* a, int lda, int* info) {                             \
      P##potrf_(&uplo, &n, a, &lda, info, 1);                                                   \
    }                                                                                           \
    static void potrs(char uplo, int n, int nrhs, const T* a, int lda, T* b, int ldb,           \
                      int* info) {                                                              \
      P##potrs_(&uplo, &n, &nrhs, a, &lda, b, &ldb, info, 1);                                   \
    }                                                                                           \
    static void trtrs(char uplo, char trans, char diag, int n, int nrhs, const T* a, int lda,   \
                      T* b, int ldb, int* info) {                                               \
      P##trtrs_(&uplo, &trans, &diag, &n, &nrhs, a, &lda, b, &ldb, info, 1, 1, 1);              \
    }                                                                                           \
    static void geqrf(int m, int n, T* a, int lda, T* tau, T* work, int lwork, int* info) {     \
      P##geqrf_(&m, &n, a, &lda, tau, work, &lwork, info);                                      \
    }                                                                                           \
    static void orgqr(int m, int n, int k, T* a, int lda, const T* tau, T* work, int lwork,     \
                      int* info) {                                                              \
      P##orgqr_(&m, &n, &k, a, &lda, tau, work, &lwork, info);                                  \
    }                                                                                           \
    static void gesdd(char jobz, int m, int n, T* a, int lda, T* s, T* u, int ldu, T* vt,       \
                      int ldvt, T* work, int lwork, int* iwork, int* info) {                    \
      P##gesdd_(&jobz, &m, &n, a, &lda, s, u, &ldu, vt, &ldvt, work, &lwork, iwork, info, 1);   \
    }                                                                                           \
    static void syevd(char jobz, char uplo, int n, T* a, int lda, T* w, T* work, int lwork,     \
                      int* iwork, int liwork, int* info) {                                      \
      P##syevd_(&jobz, &uplo, &n, a, &lda, w, work, &lwork, iwork, &liwork, info, 1, 1);        \
    }                                                                                           \
    static void geev(char jobvl, char jobvr, int n, T* a, int lda, T* wr, T* wi, T* vl,         \
                     int ldvl, T* vr, int ldvr, T* work, int lwork, int* info) {                \
      P##geev_(&jobvl, &jobvr, &n, a, &lda, wr, wi, vl, &ldvl, vr, &ldvr, work, &lwork, info,   \
               1, 1);                                                                           \
    }                                                                                           \
    static void gelsy(int m, int n, int nrhs, T* a, int lda, T* b, int ldb, int* jpvt,          \
                      T rcond, int* rank, T* work, int lwork, int* info) {                      \
      P##gelsy_(&m, &n, &nrhs, a, &lda, b, &ldb, jpvt, &rcond, rank, work, &lwork, info);       \
    }                                                                                           \
    static void gelsd(int m, int n, int nrhs, T* a, int lda, T* b, int ldb, T* s, T rcond,      \
                      int* rank, T* work, int lwork, int* iwork, int* info) {                   \
      P##gelsd_(&m, &n, &nrhs, a, &lda, b, &ldb, s, &rcond, rank, work, &lwork, iwork, info);   \
    }                                                                                           \
    static void gelss(int m, int n, int nrhs, T* a, int lda, T* b, int ldb, T* s, T rcond,      \
                      int* rank, T* work, int lwork, int* info) {                               \
      P##gelss_(&m, &n, &nrhs, a, &lda, b, &ldb, s, &rcond, rank, work, &lwork, info);          \
    }                                                                                           \
    static void gels(char trans, int m, int n, int nrhs, T* a, int lda, T* b, int ldb, T* work, \
                     int lwork, int* info) {                                                    \
      P##gels_(&trans, &m, &n, &nrhs, a, &lda, b, &ldb, work, &lwork, info, 1);                 \
    }                                                                                           \
  };

PD_LAPACK_TYPE(float, s)
PD_LAPACK_TYPE(double, d)
#undef PD_LAPACK_TYPE

}  // namespace ops
}  // namespace paddle
