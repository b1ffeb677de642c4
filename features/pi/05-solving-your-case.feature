Feature: Trying to solve your case
  Transcribes "Trying to solve your case" [Tenter de résoudre votre affaire],
  ¶26-31 of pi.fr.txt: the player names three elements; right earns points by
  the turn in which it comes (7, 5, 3, 1, 0), wrong costs two points; players
  right in the same turn earn the same; the round ends at the end of a turn
  after which fewer than two players are still unsolved (so at most one), and
  that player earns nothing.

  "Turn" here is the text's "tour de jeu": one pass round the table, every
  unsolved player acting once (PI-SOLV-09).  A "discovery turn" is a turn in
  which at least one player solved their case.

  @PI-SOLV-01
  Rule: A try names exactly one suspect as the culprit, one location as the place and one crime
    Source: Trying to solve your case [Tenter de résoudre votre affaire] ¶27

    Example: a blank tile cannot be named as the culprit
      Given a game of Red, Blue and Green
      When Red tries to name no suspect, Skid Row and Murder
      Then the action is rejected as bad_request
      And the game is exactly as it was

    Example: a suspect cannot be named as the crime
      Given a game of Red, Blue and Green
      When Red tries to name Vera Lane, Skid Row and Max Cole
      Then the action is rejected as bad_request
      And the game is exactly as it was

    Example: Red may name any of the 1680 combinations
      Given a game of Red, Blue and Green
      Then Red may name any of 1680 solutions

  @PI-SOLV-02
  Rule: A right try earns 7 points in the first discovery turn of the round, 5 in the second, then 3, 1 and 0
    With five players at most four turns can see a discovery (the round ends
    once one player is left), so the 0 of the fifth is never reached.
    Source: Trying to solve your case [Tenter de résoudre votre affaire] ¶28

    Background:
      Given a game of Red, Blue, Green, Yellow and Purple
      And Red's case is Vera Lane, Skid Row and Murder

    Example: the first to solve earns 7
      Given it is Red's turn in turn 3
      When Red names Vera Lane, Skid Row and Murder
      Then Red scores 7 points for the round

    Example: after one discovery turn, 5
      Given it is Red's turn in turn 3
      And Blue has solved their case in turn 2
      When Red names Vera Lane, Skid Row and Murder
      Then Red scores 5 points for the round

    Example: after two discovery turns, 3
      Given it is Red's turn in turn 4
      And Blue has solved their case in turn 1
      And Green has solved their case in turn 2
      When Red names Vera Lane, Skid Row and Murder
      Then Red scores 3 points for the round

    Example: after three discovery turns, 1
      Given it is Red's turn in turn 5
      And Blue has solved their case in turn 1
      And Green has solved their case in turn 2
      And Yellow has solved their case in turn 3
      When Red names Vera Lane, Skid Row and Murder
      Then Red scores 1 point for the round

  @PI-SOLV-03
  Rule: All players who solve in the same turn earn the same points
    Source: Trying to solve your case [Tenter de résoudre votre affaire] ¶30

    Example: Red solved earlier in this turn; Blue earns 7 as well
      Given a game of Red, Blue, Green and Yellow
      And it is Blue's turn in turn 2
      And Red has solved their case in turn 2
      And Blue's case is Max Cole, Dockyards and Arson
      When Blue names Max Cole, Dockyards and Arson
      Then Blue scores 7 points for the round

    Example: Blue's detective does not end the turn; Green, solving after it, still earns Red's 7
      Given a game of Red, Blue and Green
      And it is Blue's turn in turn 1
      And Red has solved their case in turn 1
      And Green's case is Dora Finch, Lakeside and Fraud
      When Blue places a detective on Skid Row
      And Green names Dora Finch, Lakeside and Fraud
      Then Green scores 7 points for the round

    Example: all three of a game of three solve in turn 1 and earn 7 each
      Given a game of Red, Blue and Green
      And it is Green's turn in turn 1
      And Red has solved their case in turn 1
      And Blue has solved their case in turn 1
      And Green's case is Dora Finch, Lakeside and Fraud
      When Green names Dora Finch, Lakeside and Fraud
      Then Green scores 7 points for the round
      And round 2 begins

  @PI-SOLV-04 @ruling
  Rule: After a turn in which several solved, the next discovery turn still earns the next value of the table
    The text ranks discovery turns, not players: two players earning 7 in
    the first discovery turn do not push the next solver down to 3.
    Source: Trying to solve your case [Tenter de résoudre votre affaire] ¶28, ¶30

    Example: Blue and Green earned 7 in turn 1; Red, solving in turn 2, earns 5
      Given a game of Red, Blue, Green and Yellow
      And it is Red's turn in turn 2
      And Blue has solved their case in turn 1
      And Green has solved their case in turn 1
      And Red's case is Vera Lane, Skid Row and Murder
      When Red names Vera Lane, Skid Row and Murder
      Then Red scores 5 points for the round

  @PI-SOLV-05
  Rule: A wrong try costs a penalty of two points; the player stays in the round and plays on
    Source: Trying to solve your case [Tenter de résoudre votre affaire] ¶29

    Example: Red is wrong about the crime
      Given a game of Red, Blue and Green
      And Red's case is Vera Lane, Skid Row and Murder
      When Red names Vera Lane, Skid Row and Arson
      Then Red has 0 points, 1 penalty and 5 detectives left
      And it is Blue's turn
      And Red has not solved their case

    Example: a second wrong try is a second penalty, and Red's turn still comes round
      Given a game of Red, Blue and Green
      And Red's case is Vera Lane, Skid Row and Murder
      And Red has scored 0 points this round with 1 penalty and 5 detectives left
      When Red names Max Cole, Skid Row and Murder
      And Blue places a detective on Lakeside
      And Green places a detective on Lakeside
      Then Red has 0 points, 2 penalties and 5 detectives left
      And it is Red's turn

  @PI-SOLV-06 @ruling
  Rule: Everybody hears the three names of a try and whether it was right; a wrong try never tells which of the three was wrong
    The text does not say what the table learns.  At the table the three
    black markers go on the board for all to see, and a penalty is public, so
    the names and the verdict are public; the case-holder checks the cards in
    silence, so which element failed stays unsaid.
    Source: Trying to solve your case [Tenter de résoudre votre affaire] ¶27, ¶29

    Scenario Outline: Red's try of <try> is wrong and says only that
      Given a game of Red, Blue and Green
      And Red's case is Vera Lane, Skid Row and Murder
      When Red names <try>
      Then everybody is told that Red named <try> and was wrong
      And what anybody is told of it names nothing of the board but <try>

      Examples:
        | try                               |
        | Vera Lane, Skid Row and Arson     |
        | Max Cole, Skid Row and Murder     |
        | Vera Lane, Lakeside and Murder    |
        | Max Cole, Lakeside and Arson      |

  @PI-SOLV-07 @ruling
  Rule: A right try is shown to everybody, and the case it solves is then open to all
    The text does not say; at the table the case-holder turns the three
    cards over to confirm, and nothing is left to hide.
    Source: Trying to solve your case [Tenter de résoudre votre affaire] ¶28

    Example: Green and Blue see Red's case once Red solves it
      Given a game of Red, Blue and Green
      And Red's case is Vera Lane, Skid Row and Murder
      When Red names Vera Lane, Skid Row and Murder
      Then everybody sees that Red's case is Vera Lane, Skid Row and Murder
      And Red has solved their case

  @PI-SOLV-08
  Rule: The round ends at the end of a turn after which fewer than two players, that is one or none, have not solved their case; a player left unsolved earns nothing for the round
    The text's double negative ("fewer than two have not solved") reads: the
    round goes on while two or more are still unsolved.
    Source: Trying to solve your case [Tenter de résoudre votre affaire] ¶31

    Example: Green is left alone and earns nothing
      Given a game of Red, Blue and Green
      And it is Blue's turn in turn 2
      And Red has solved their case in turn 1
      And Blue's case is Max Cole, Dockyards and Arson
      When Blue names Max Cole, Dockyards and Arson
      Then it is Green's turn
      When Green places a detective on Skid Row
      Then round 2 begins
      And Green scores 0 points for round 1
      And Blue scores 5 points for round 1

    Example: with two players still unsolved the round goes on
      Given a game of Red, Blue, Green and Yellow
      And it is Blue's turn in turn 2
      And Red has solved their case in turn 1
      And Blue's case is Max Cole, Dockyards and Arson
      When Blue names Max Cole, Dockyards and Arson
      And Green places a detective on Skid Row
      And Yellow places a detective on Skid Row
      Then it is Green's turn
      And it is still round 1

    Example: both players of a game of two solve in turn 1
      Given a game of Red and Blue
      And it is Blue's turn in turn 1
      And Red has solved their case in turn 1
      And Blue's case is Max Cole, Dockyards and Arson
      When Blue names Max Cole, Dockyards and Arson
      Then round 2 begins
      And Blue scores 7 points for round 1

  @PI-SOLV-09 @ruling
  Rule: A turn is one pass round the table starting from the player who began the round, and the round's end is checked only when the pass is complete
    The text's "turn" in ¶28, ¶30 and ¶31 is "tour de jeu": a round of the
    table, since players solving in the same one share points.  So a player
    later in the pass still plays when the others have solved, and may still
    share their points.
    Source: Trying to solve your case [Tenter de résoudre votre affaire] ¶30-31

    Example: Green, last in the pass, still solves in the same turn as Blue and earns the same
      Given a game of Red, Blue and Green
      And it is Green's turn in turn 2
      And Red has solved their case in turn 1
      And Blue has solved their case in turn 2
      And Green's case is Dora Finch, Lakeside and Fraud
      When Green names Dora Finch, Lakeside and Fraud
      Then Green scores 5 points for the round
      And round 2 begins

    Example: a completed pass is a new turn: Blue, solving in the next one, earns 5
      Given a game of Red, Blue and Green
      And it is Green's turn in turn 1
      And Red has solved their case in turn 1
      And Blue's case is Max Cole, Dockyards and Arson
      When Green places a detective on Skid Row
      And Blue names Max Cole, Dockyards and Arson
      Then Blue scores 5 points for the round

    Example: in round 2, each new pass begins again with Blue
      Given a game of Red, Blue and Green in round 2
      And it is Red's turn in turn 1
      When Red places a detective on Skid Row
      Then it is Blue's turn

    Example: in round 2, begun by Blue, Red is last in the pass and still plays after Green solves
      Given a game of Red, Blue and Green in round 2
      And it is Green's turn in turn 1
      And Blue has solved their case in turn 1
      And Green's case is Dora Finch, Lakeside and Fraud
      When Green names Dora Finch, Lakeside and Fraud
      Then it is Red's turn
      And it is still round 2

  @PI-SOLV-10 @ruling
  Rule: When a round ends every case of it is shown to everybody, the unsolved one too
    The text does not say; the round is over and a new one deals new cases,
    so nothing is left to hide, and the player left over may see what they
    missed.
    Source: Trying to solve your case [Tenter de résoudre votre affaire] ¶31

    Example: Green sees Green's own case once round 1 is over
      Given a game of Red, Blue and Green
      And Green's case is Dora Finch, Lakeside and Fraud
      And it is Green's turn in turn 1
      And Red has solved their case in turn 1
      And Blue has solved their case in turn 1
      When Green places a detective on Skid Row
      Then everybody sees that Green's case was Dora Finch, Lakeside and Fraud
