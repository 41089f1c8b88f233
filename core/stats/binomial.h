#pragma once

#include <utility>

namespace qs {

/**
 * The central interval [low, high] of counts that holds at least @p confidence of Binomial(@p n, @p p):
 * how many of n packets a loss probability p may drop without the measurement contradicting it
 * (the demo's verdict on a configured loss, and the tests of netem's loss).
 */
std::pair<int, int> binomialInterval(int n, double p, double confidence);

} // namespace qs
