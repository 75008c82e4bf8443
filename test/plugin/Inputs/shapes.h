// A user header with allocation sites in an inline function and a template.
#ifndef SHAPES_H
#define SHAPES_H
struct Square { double Side; };
inline Square *makeSquare() { return new Square{1.0}; }
template <class T> T *makeShape() { return new T(); }
#endif
