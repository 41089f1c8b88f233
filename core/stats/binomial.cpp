#include "binomial.h"

#include <cmath>

namespace qs {

namespace {
/** log P(X = k) for X ~ Binomial(n, p), through lgamma: n in the thousands does not overflow. */
double logBinomialPmf(int n, int k, double p)
{
    return std::lgamma(n + 1.0) - std::lgamma(k + 1.0) - std::lgamma(n - k + 1.0) + k * std::log(p) + (n - k) * std::log1p(-p);
}
} // namespace

std::pair<int, int> binomialInterval(int n, double p, double confidence)
{
    // Each tail may hold at most half of what the interval leaves out.
    const double tail = (1.0 - confidence) / 2.0;
    double below = 0.0;
    int low = 0;
    while (low < n && below + std::exp(logBinomialPmf(n, low, p)) <= tail)
        below += std::exp(logBinomialPmf(n, low++, p));
    double above = 0.0;
    int high = n;
    while (high > 0 && above + std::exp(logBinomialPmf(n, high, p)) <= tail)
        above += std::exp(logBinomialPmf(n, high--, p));
    return {low, high};
}

} // namespace qs
