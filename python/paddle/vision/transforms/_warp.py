"""The coefficients of the geometric warps PIL's Image.transform takes: the
inverse affine matrix (output pixel -> input pixel) of a rotation, scale,
shear and translation about a centre, and the eight perspective coefficients
mapping four end points back to four start points."""
import math

import numpy as np


def inverse_affine_matrix(center, angle, translate, scale, shear):
    """[a, b, c, d, e, f]: input (x, y) = (a x' + b y' + c, d x' + e y' + f) for
    output (x', y'). angle and shear (x, y) in degrees, counter-clockwise."""
    rot, sx, sy = math.radians(angle), math.radians(shear[0]), math.radians(shear[1])
    # forward linear part [[a, b], [c, d]] (rotation and shear, determinant 1)
    a = math.cos(rot - sy) / math.cos(sy)
    b = -math.cos(rot - sy) * math.tan(sx) / math.cos(sy) - math.sin(rot)
    c = math.sin(rot - sy) / math.cos(sy)
    d = -math.sin(rot - sy) * math.tan(sx) / math.cos(sy) + math.cos(rot)
    m = [d / scale, -b / scale, 0.0, -c / scale, a / scale, 0.0]
    cx, cy = center
    tx, ty = translate
    m[2] = cx - m[0] * (cx + tx) - m[1] * (cy + ty)
    m[5] = cy - m[3] * (cx + tx) - m[4] * (cy + ty)
    return m


def perspective_coeffs(startpoints, endpoints):
    """The 8 coefficients (a..h) with start = ((a x + b y + c) / (g x + h y + 1),
    (d x + e y + f) / (g x + h y + 1)) for each end point (x, y), by least squares."""
    rows, rhs = [], []
    for (x, y), (u, v) in zip(endpoints, startpoints):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        rhs += [u, v]
    return list(np.linalg.lstsq(np.array(rows, float), np.array(rhs, float), rcond=None)[0])
